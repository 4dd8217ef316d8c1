import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Writable } from 'node:stream';

import { parseRecordStream, type RecordedEvent, RecordedEventSchema } from '@erp/contracts';
import { type AnyDb, type Database, type EventStore, type GlobalCursor, type IdAllocator, type Notifier, postgresEventStore, START } from '@erp/eventstore';

/**
 * Streams the log in global order, one JSON event per line; with `until`, only the events at or
 * before that cursor. Answers how many it wrote and the highest position among them.
 */
export const exportLog = async (store: EventStore, out: Writable, until?: GlobalCursor) => {
  let cursor = START;
  let count = 0;
  let head = 0n;
  for (;;) {
    const page = await store.readAll(cursor, 1000, until);
    if (page.events.length === 0) return { count, head: String(head) };
    for (const event of page.events) {
      if (BigInt(event.position) > head) head = BigInt(event.position);
      if (!out.write(`${JSON.stringify(event)}\n`)) await once(out, 'drain');
    }
    count += page.events.length;
    cursor = page.cursor;
  }
};

export const exportToFile = async (store: EventStore, file: string) => {
  const out = createWriteStream(file);
  const { count } = await exportLog(store, out);
  await new Promise<void>((resolve, reject) => out.end((e?: Error | null) => (e ? reject(e) : resolve())));
  return count;
};

/** Entity streams are named `<entity>-<id>`: keep the id allocator above every imported id. */
const raiseIdFloors = async (ids: IdAllocator, events: readonly RecordedEvent[]) => {
  const floors = new Map<string, number>();
  for (const e of events) {
    const stream = parseRecordStream(e.streamId);
    if (stream) floors.set(stream.prefix, Math.max(floors.get(stream.prefix) ?? 0, stream.id));
  }
  for (const [name, id] of floors) await ids.atLeast(name, id);
};

/** Loads events, in global order, in batches of 1,000, keeping event ids, versions and metadata. */
export const loadEvents = async (store: EventStore, ids: IdAllocator, events: AsyncIterable<RecordedEvent>) => {
  let batch: RecordedEvent[] = [];
  let count = 0;
  const flush = async () => {
    await store.importEvents(batch);
    await raiseIdFloors(ids, batch);
    count += batch.length;
    batch = [];
  };
  for await (const event of events) {
    batch.push(event);
    if (batch.length >= 1000) await flush();
  }
  if (batch.length > 0) await flush();
  return count;
};

async function* exportedEvents(file: string): AsyncGenerator<RecordedEvent> {
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  let lineNo = 0;
  for await (const line of lines) {
    lineNo++;
    if (!line.trim()) continue;
    const parsed = RecordedEventSchema.safeParse(JSON.parse(line));
    if (!parsed.success) throw new Error(`Line ${lineNo} is not an exported event: ${parsed.error.message}`);
    yield parsed.data;
  }
}

/**
 * Runs `load` with an event store whose writes are one transaction: a load that fails halfway
 * (a bad line after the first thousand events, a key the database refuses, a crash) leaves the
 * store as it was, so the operator can fix the file and run it again.
 */
export const inOneTransaction = <T>(
  database: Database,
  notifier: Notifier,
  load: (store: EventStore, trx: AnyDb) => Promise<T>,
): Promise<T> =>
  database.db.transaction().execute((trx) => load(postgresEventStore({ db: trx, pool: database.pool }, notifier), trx));

/** Imports an NDJSON export into an EMPTY store, keeping event ids, versions and metadata. */
export const importFromFile = async (infra: { database: Database; notifier: Notifier }, ids: IdAllocator, file: string) =>
  inOneTransaction(infra.database, infra.notifier, async (store) => {
    if ((await store.headPosition()) !== '0') throw new Error('Import needs an empty event store');
    return loadEvents(store, ids, exportedEvents(file));
  });
