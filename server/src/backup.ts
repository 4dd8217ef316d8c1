import { createReadStream, createWriteStream } from 'node:fs';
import { open, rename, rm, stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip, gzipSync } from 'node:zlib';

import { type RecordedEvent, RecordedEventSchema } from '@erp/contracts';
import { postgresIdAllocator, readIdFloors } from '@erp/eventstore';
import { authStore, type StoredUser } from '@erp/http-kit';
import { z } from 'zod';

import serverPackage from '../package.json' with { type: 'json' };
import { exportLog, inOneTransaction, loadEvents } from './operations';
import type { Infrastructure } from './system';

/**
 * One gzipped NDJSON file: a header line, then the users, the id sequences and the event log
 * (each event line as `export` writes it). Read models are not kept: a restore rebuilds them.
 * Sessions, login failures and Idempotency-Key answers are dropped: a retried POST is still
 * caught by its deterministic event ids, which the log keeps.
 */
const FORMAT = 'udyam-erp-backup';

const HeaderSchema = z.object({
  format: z.literal(FORMAT),
  formatVersion: z.literal(1),
  appVersion: z.string(),
  createdAt: z.string(),
  users: z.number().int().nonnegative(),
  idSequences: z.number().int().nonnegative(),
  events: z.number().int().nonnegative(),
  /** The highest position among the events (`0` for none). */
  lastPosition: z.string().regex(/^\d+$/),
});
export type BackupHeader = z.infer<typeof HeaderSchema>;

const UserLineSchema = z.object({
  user: z.object({ id: z.number().int().positive(), username: z.string().min(1), passwordHash: z.string().min(1), createdAt: z.string() }),
});
const IdLineSchema = z.object({
  idSequence: z.object({ name: z.string().regex(/^[a-z][a-z0-9_]{0,55}$/), lastId: z.number().int().positive() }),
});

const jsonLines = (values: readonly unknown[]) => values.map((v) => `${JSON.stringify(v)}\n`).join('');

/**
 * Writes a backup of everything committed when it starts. The events go first into a gzip
 * member of their own (their count is known only at the end), then the file is the header
 * member followed by that one, synced and renamed: a crash never leaves half a backup under `file`.
 */
export const writeBackup = async (infra: Infrastructure, file: string): Promise<BackupHeader> => {
  const eventsPart = `${file}.${process.pid}.events.tmp`;
  const whole = `${file}.${process.pid}.tmp`;
  try {
    const end = await infra.store.endCursor();
    const gzip = createGzip();
    const written = pipeline(gzip, createWriteStream(eventsPart));
    const exported = await exportLog(infra.store, gzip, end);
    gzip.end();
    await written;
    // Read after the events: the sequences are at or above every id the events use.
    const users = await infra.auth.storedUsers();
    const idSequences = await readIdFloors(infra.database.db);
    const header: BackupHeader = {
      format: FORMAT,
      formatVersion: 1,
      appVersion: serverPackage.version,
      createdAt: new Date().toISOString(),
      users: users.length,
      idSequences: idSequences.length,
      events: exported.count,
      lastPosition: exported.head,
    };
    const out = await open(whole, 'w');
    try {
      await out.write(gzipSync(jsonLines([header, ...users.map((user) => ({ user })), ...idSequences.map((idSequence) => ({ idSequence }))])));
      for await (const chunk of createReadStream(eventsPart)) await out.write(chunk as Buffer);
      await out.sync();
    } finally {
      await out.close();
    }
    await rename(whole, file);
    return header;
  } finally {
    await rm(eventsPart, { force: true });
    await rm(whole, { force: true });
  }
};

async function* linesOf(file: string): AsyncGenerator<string> {
  const gunzip = createGunzip();
  // Its errors (a missing file, a bad or cut gzip stream) reach the loop below through gunzip.
  pipeline(createReadStream(file), gunzip).catch(() => undefined);
  gunzip.setEncoding('utf8');
  let rest = '';
  for await (const chunk of gunzip as AsyncIterable<string>) {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop()!;
    yield* lines;
  }
  if (rest) yield rest;
}

class UnusableBackup extends Error {}

type Entry = { user: StoredUser } | { idSequence: { name: string; lastId: number } } | { event: RecordedEvent };

/** Every line of a backup, checked against its schema and the header's counts. */
async function* entriesOf(file: string): AsyncGenerator<Entry, BackupHeader> {
  let header: BackupHeader | undefined;
  let lineNo = 0;
  let head = 0n;
  const fail = (why: string) => new UnusableBackup(`${file} is not a usable backup: ${why}`);
  const parse = <T>(schema: z.ZodType<T>, line: string, what: string): T => {
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch {
      throw fail(`line ${lineNo} is not JSON`);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw fail(`line ${lineNo} is not ${what}: ${z.prettifyError(parsed.error)}`);
    return parsed.data;
  };
  try {
    for await (const line of linesOf(file)) {
      lineNo++;
      if (!header) {
        header = parse(HeaderSchema, line, `a ${FORMAT} header`);
        continue;
      }
      const index = lineNo - 2;
      if (index < header.users) yield parse(UserLineSchema, line, 'a user');
      else if (index < header.users + header.idSequences) yield parse(IdLineSchema, line, 'an id sequence');
      else if (index < header.users + header.idSequences + header.events) {
        const event = parse(RecordedEventSchema, line, 'an event') as RecordedEvent;
        if (BigInt(event.position) > head) head = BigInt(event.position);
        yield { event };
      } else throw fail(`line ${lineNo} is more than the header announces`);
    }
  } catch (error) {
    if (error instanceof UnusableBackup) throw error;
    throw fail(error instanceof Error ? error.message : String(error));
  }
  if (!header) throw fail('it is empty');
  const lines = 1 + header.users + header.idSequences + header.events;
  if (lineNo !== lines) throw fail(`it has ${lineNo} lines where the header announces ${lines}: it is truncated`);
  if (String(head) !== header.lastPosition) throw fail(`its last position is ${head}, the header says ${header.lastPosition}`);
  return header;
}

/** Reads a whole backup and checks it; nothing is written. */
export const checkBackup = async (file: string) => {
  await stat(file).catch(() => {
    throw new Error(`No backup at ${file}`);
  });
  const users: StoredUser[] = [];
  const idSequences: { name: string; lastId: number }[] = [];
  const entries = entriesOf(file);
  for (;;) {
    const next = await entries.next();
    if (next.done) return { header: next.value, users, idSequences };
    const entry = next.value;
    if ('user' in entry) users.push(entry.user);
    if ('idSequence' in entry) idSequences.push(entry.idSequence);
  }
};

async function* eventsOf(file: string): AsyncGenerator<RecordedEvent> {
  for await (const entry of entriesOf(file)) if ('event' in entry) yield entry.event;
}

/**
 * Loads a backup into an EMPTY store: the file is read and checked to its end first, so a
 * damaged one changes nothing. Users and events go in one transaction, so one the database
 * refuses halfway (or a crash) leaves the store empty for another try. The id floors are raised
 * after it (sequences are not transactional; a floor raised for nothing only skips numbers).
 * The read models are left to rebuild.
 */
export const restoreBackup = async (infra: Infrastructure, file: string): Promise<BackupHeader> => {
  const { header, users, idSequences } = await checkBackup(file);
  const ids = postgresIdAllocator(infra.database.db);
  let notEmpty: string | null = null;
  await inOneTransaction(infra.database, infra.notifier, async (store, trx) => {
    const auth = authStore(trx);
    const head = await store.headPosition();
    if (head !== '0' || (await auth.hasUsers())) {
      notEmpty = head !== '0' ? 'events' : 'users';
      throw new Error(`Restore needs an empty store; this one has ${notEmpty}. Restore into a new ERP_DATA_DIR or an empty DATABASE_URL.`);
    }
    await auth.restoreUsers(users);
    await loadEvents(store, ids, eventsOf(file));
  }).catch((error: unknown) => {
    if (notEmpty) throw error;
    throw new Error(`The database refused the backup, so nothing of it was written: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  });
  for (const { name, lastId } of idSequences) await ids.atLeast(name, lastId);
  return header;
};
