import { randomUUID } from 'node:crypto';

import { isAtOrAfter, type StoreUnderTest, type TestDatabase, testDatabase, withStore } from '@erp/eventstore/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { readCheckpoint } from './checkpoints';
import type { Projection } from './projection';
import { prepareProjections, startProjectionRunner } from './runner';

/** Deliberately NOT idempotent: a double-applied event would show up as a duplicate row. */
const seenProjection: Projection = {
  name: 'seen_events',
  version: 1,
  tables: ['seen_events'],
  migrate: async (db) => {
    await db.schema.createTable('seen_events').ifNotExists().addColumn('position', 'bigint').execute();
  },
  handlers: {
    Pinged: async (db, event) => {
      await db.insertInto('seen_events').values({ position: event.position }).execute();
    },
  },
};

/** A second read model: every projection of a runner must wake, not only the last to sleep. */
const otherProjection: Projection = {
  ...seenProjection,
  name: 'seen_events_too',
  tables: ['seen_events_too'],
  migrate: async (db) => {
    await db.schema.createTable('seen_events_too').ifNotExists().addColumn('position', 'bigint').execute();
  },
  handlers: {
    Pinged: async (db, event) => {
      await db.insertInto('seen_events_too').values({ position: event.position }).execute();
    },
  },
};

const meta = { userId: null, username: null, correlationId: 'c', at: new Date().toISOString() };
let database: TestDatabase;
let t: StoreUnderTest;

beforeAll(async () => {
  database = await testDatabase();
  t = await withStore(database.url, { max: 20 });
  await prepareProjections(t.db, t.store, [seenProjection, otherProjection]);
});
afterAll(async () => {
  await t?.close();
  await database?.drop();
});

const waitFor = async (check: () => Promise<boolean>, ms = 20_000) => {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
};

describe('projection runner', () => {
  it('three workers racing over concurrent appends apply every event exactly once', async () => {
    const workers = [1, 2, 3].map(() =>
      startProjectionRunner(t.db, t.store, t.notifier, [seenProjection], { batchSize: 7, pollMs: 20 }),
    );
    const positions: string[] = [];
    await Promise.all(
      [0, 1, 2, 3].map(async (w) => {
        for (let i = 0; i < 100; i++) {
          const r = await t.store.append(
            [{ streamId: `ping-${w}`, expectedVersion: i, events: [{ eventId: randomUUID(), type: 'Pinged', data: { i } }] }],
            meta,
          );
          positions.push(r.lastPosition);
        }
      }),
    );
    const end = await t.store.endCursor();
    await waitFor(async () => isAtOrAfter((await readCheckpoint(t.db, 'seen_events'))?.cursor, end));
    await Promise.all(workers.map((w) => w.stop()));
    const { rows } = await sql<{ n: number; d: number }>`
      select count(*)::int as n, count(distinct position)::int as d from seen_events`.execute(t.db);
    expect(rows[0]).toEqual({ n: 400, d: 400 });
    const seen = await sql<{ position: string }>`select position::text as position from seen_events`.execute(t.db);
    expect(new Set(seen.rows.map((r) => r.position))).toEqual(new Set(positions));
  });

  it('wakes every projection on the notifier instead of waiting for the poll', async () => {
    const worker = startProjectionRunner(t.db, t.store, t.notifier, [seenProjection, otherProjection], { pollMs: 60_000 });
    await new Promise((r) => setTimeout(r, 200));
    const r = await t.store.append(
      [{ streamId: `wake-${randomUUID()}`, expectedVersion: 0, events: [{ eventId: randomUUID(), type: 'Pinged', data: {} }] }],
      meta,
    );
    const started = Date.now();
    for (const name of ['seen_events', 'seen_events_too']) {
      const target = (await t.store.cursorAt(r.lastPosition))!;
      await waitFor(async () => isAtOrAfter((await readCheckpoint(t.db, name))?.cursor, target), 5000);
    }
    expect(Date.now() - started).toBeLessThan(2000);
    await worker.stop();
  });
});
