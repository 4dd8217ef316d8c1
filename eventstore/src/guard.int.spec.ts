import { randomUUID } from 'node:crypto';

import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { EventMetadataInput, EventStore, StreamAppend } from './event-store';
import { type StoreUnderTest, type TestDatabase, testDatabase, withStore } from './testing';

const metadata: EventMetadataInput = { userId: null, username: null, correlationId: 'guard-spec', at: '2026-04-01T00:00:00.000Z' };
const event = (type: string) => ({ type, data: {}, eventId: randomUUID() });
const LOCK = 'period-lock:spec';

/** Where an event stands in the log's order: (transaction id, position), and whether it is committed. */
const placeOf = async (s: StoreUnderTest, streamId: string) => {
  const { rows } = await s.pool.query<{ tx: string; position: string }>(
    'select transaction_id::text as tx, position::text as position from events where stream_id = $1 order by stream_version desc limit 1',
    [streamId],
  );
  return rows[0] ? [BigInt(rows[0].tx), BigInt(rows[0].position)] as const : null;
};
const before = (a: readonly [bigint, bigint], b: readonly [bigint, bigint]) => a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);

/**
 * The window of issue 43's lock: a backdated write checks the lock's version in its append's
 * statement; a lock that commits while that statement is still running (here: its insert waits
 * on another session's uncommitted row of the same stream, as it would behind any slow append)
 * used to be committed first, and the write, refused by it, after it. Deterministic: a raw
 * session holds the row, the lock is appended, then the row is rolled back.
 */
describe('guard streams (StreamAppend.guard)', () => {
  let database: TestDatabase;
  let s: StoreUnderTest;
  beforeAll(async () => {
    database = await testDatabase();
    s = await withStore(database.url, { max: 8 });
  });
  afterAll(async () => {
    await s?.close();
    await database?.drop();
  });

  /** A backdated write to `doc` checked against the lock at its version, held inside its statement; then the lock moved. */
  const race = async (store: EventStore, doc: string, guard: boolean) => {
    const lockVersion = await store.streamVersion(LOCK);
    const holder = new pg.Client({ connectionString: database.url });
    await holder.connect();
    await holder.query('begin');
    await holder.query(
      `insert into events (event_id, stream_id, stream_version, type, data, metadata) values ($1, $2, 1, 'Held', '{}', '{}')`,
      [randomUUID(), doc],
    );
    const write: StreamAppend[] = [
      { streamId: doc, expectedVersion: 0, events: [event('VoucherRecorded')] },
      { streamId: LOCK, expectedVersion: lockVersion, events: [], guard },
    ];
    const written = store.append(write, metadata).then(() => 'written', (e: unknown) => (e as Error).name);
    // The write's statement is running (its version checks done, its insert waiting on the held row).
    await waitForWaiting(s);
    let lockedWhileHeld = false;
    const locked = store
      .append([{ streamId: LOCK, expectedVersion: lockVersion, events: [event('PeriodLocked')], guard }], metadata)
      .then(() => (lockedWhileHeld = true));
    await Promise.race([locked, new Promise((resolve) => setTimeout(resolve, 700))]);
    const committedFirst = lockedWhileHeld;
    await holder.query('rollback');
    await holder.end();
    const outcome = await written;
    await locked;
    return { outcome, committedFirst, lock: (await placeOf(s, LOCK))!, doc: await placeOf(s, doc) };
  };

  it('without a guard: the lock commits while the write runs, and the write commits after it (the window)', async () => {
    const r = await race(s.store, 'voucher-unguarded', false);
    expect(r.committedFirst).toBe(true);
    expect(r.outcome).toBe('written');
  });

  it('with a guard: the lock waits for the write in flight, which is before it in the log', async () => {
    const r = await race(s.store, 'voucher-guarded', true);
    expect(r.committedFirst).toBe(false);
    expect(r.outcome).toBe('written');
    expect(before(r.doc!, r.lock)).toBe(true);
  });

  it('with a guard: a write that checked the lock before it moved is refused, nothing appended', async () => {
    const version = await s.store.streamVersion(LOCK);
    await s.store.append([{ streamId: LOCK, expectedVersion: version, events: [event('PeriodLocked')], guard: true }], metadata);
    const stale = s.store.append(
      [
        { streamId: 'voucher-stale', expectedVersion: 0, events: [event('VoucherRecorded')] },
        { streamId: LOCK, expectedVersion: version, events: [], guard: true },
      ],
      metadata,
    );
    await expect(stale).rejects.toMatchObject({ name: 'StreamVersionConflict', movedStreams: [LOCK] });
    expect(await placeOf(s, 'voucher-stale')).toBeNull();
  });

  it('many guarded writes racing lock after lock: none checked against an old lock is after the new one', async () => {
    const writes = Array.from({ length: 60 }, async (_, i) => {
      for (let attempt = 0; attempt < 50; attempt++) {
        const version = await s.store.streamVersion(LOCK);
        try {
          await s.store.append(
            [
              { streamId: `voucher-many-${i}`, expectedVersion: 0, events: [{ ...event('VoucherRecorded'), data: { lockVersion: version } }] },
              { streamId: LOCK, expectedVersion: version, events: [], guard: true },
            ],
            metadata,
          );
          return;
        } catch (error) {
          if ((error as Error).name !== 'StreamVersionConflict') throw error;
        }
      }
    });
    const locks = (async () => {
      for (let i = 0; i < 10; i++) {
        const version = await s.store.streamVersion(LOCK);
        await s.store.append([{ streamId: LOCK, expectedVersion: version, events: [event('PeriodLocked')], guard: true }], metadata);
      }
    })();
    await Promise.all([...writes, locks]);
    const { rows } = await s.pool.query<{ stream_id: string; stream_version: number; checked: number | null }>(
      `select stream_id, stream_version, (data->>'lockVersion')::int as checked from events
       where stream_id = $1 or stream_id like 'voucher-many-%' order by transaction_id, position`,
      [LOCK],
    );
    // Walking the log in order, each write checked the lock version current at its place.
    let current = 0;
    for (const r of rows) {
      if (r.stream_id === LOCK) current = r.stream_version;
      else expect([r.stream_id, r.checked]).toEqual([r.stream_id, current]);
    }
    expect(rows.filter((r) => r.stream_id !== LOCK)).toHaveLength(60);
  });
});

/** Until a session of this database waits on a lock (the write's insert behind the held row). */
const waitForWaiting = async (s: StoreUnderTest) => {
  for (let i = 0; i < 200; i++) {
    const { rows } = await s.pool.query<{ n: string }>(
      "select count(*)::text as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
    );
    if (Number(rows[0]!.n) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the write never waited');
};
