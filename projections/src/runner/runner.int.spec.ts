import { randomUUID } from 'node:crypto';

import { isAtOrAfter, type StoreUnderTest, type TestDatabase, testDatabase, withStore } from '@erp/eventstore/testing';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { readCheckpoint } from './checkpoints';
import { prepareProjections, projectBatch, startProjectionRunner } from './runner';
import { pingProjectionNamed } from './testing/ping-projection';

const seen = pingProjectionNamed('seen_events');
const seenToo = pingProjectionNamed('seen_events_too');
const late = pingProjectionNamed('seen_late');

const meta = { userId: null, username: null, correlationId: 'c', at: new Date().toISOString() };
let database: TestDatabase;
let t: StoreUnderTest;

const ping = (streamId: string, expectedVersion: number, i = 0) =>
  t.store.append([{ streamId, expectedVersion, events: [{ eventId: randomUUID(), type: 'Pinged', data: { i } }] }], meta);

beforeAll(async () => {
  database = await testDatabase();
  t = await withStore(database.url, { max: 20 });
  await prepareProjections(t.db, t.store, [seen.projection, seenToo.projection]);
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
const caughtUp = async (name: string) => isAtOrAfter((await readCheckpoint(t.db, name))?.cursor, await t.store.endCursor());
const counts = async (tableName: string) =>
  (await sql<{ n: number; applied: number; twice: number }>`
    select count(*)::int as n, coalesce(sum(n), 0)::int as applied, count(*) filter (where n > 1)::int as twice
    from ${sql.table(tableName)}`.execute(t.db)).rows[0];

describe('projection runner', () => {
  it('three workers racing over concurrent appends apply every event exactly once', async () => {
    const workers = [1, 2, 3].map(() =>
      startProjectionRunner(t.db, t.store, t.notifier, [seen.projection, seenToo.projection], { batchSize: 7, pollMs: 20 }),
    );
    const positions: string[] = [];
    await Promise.all(
      [0, 1, 2, 3].map(async (w) => {
        const stream = `ping-${w}-${randomUUID()}`;
        for (let i = 0; i < 100; i++) positions.push((await ping(stream, i, i)).lastPosition);
      }),
    );
    await waitFor(async () => (await caughtUp('seen_events')) && (await caughtUp('seen_events_too')));
    await Promise.all(workers.map((w) => w.stop()));
    for (const name of ['seen_events', 'seen_events_too']) {
      expect(await counts(name)).toEqual({ n: 400, applied: 400, twice: 0 });
      const rows = await sql<{ position: string }>`select position from ${sql.table(name)}`.execute(t.db);
      expect(new Set(rows.rows.map((r) => r.position))).toEqual(new Set(positions));
    }
  });

  it("projects a lone write with two statements of its own besides the reads: the writes with the checkpoints, then commit, begin and the next round's locks", async () => {
    const statements: string[] = [];
    // The runner's own statements (the event read goes through the store), on the same pool.
    const logged = new Kysely<unknown>({
      dialect: new PostgresDialect({ pool: t.pool }),
      log: (event) => void (event.level === 'query' && statements.push(event.query.sql.replace(/\s+/g, ' ').slice(0, 60))),
    });
    const worker = startProjectionRunner(logged, t.store, t.notifier, [seen.projection, seenToo.projection], { pollMs: 60_000 });
    await waitFor(async () => (await caughtUp('seen_events')) && (await caughtUp('seen_events_too')));
    await new Promise((r) => setTimeout(r, 200));
    statements.length = 0;
    const target = (await t.store.cursorAt((await ping(`lone-${randomUUID()}`, 0)).lastPosition))!;
    for (const name of ['seen_events', 'seen_events_too']) {
      await waitFor(async () => isAtOrAfter((await readCheckpoint(t.db, name))?.cursor, target), 5000);
    }
    await new Promise((r) => setTimeout(r, 200));
    await worker.stop();
    // The rows the fold needs (one select per table) come first; then one write, one commit with
    // the next begin and locks, and the rollback of the round open at stop.
    const loads = statements.filter((q) => q.startsWith('select "position"'));
    expect(loads).toHaveLength(2);
    expect(statements.slice(loads.length)).toEqual([
      expect.stringMatching(/^\/\* prepared \*\/ with w0 as \(insert into/),
      expect.stringMatching(/^commit; begin; select name/),
      'rollback',
    ]);
  });

  it('wakes on the notifier instead of waiting for the poll', async () => {
    const worker = startProjectionRunner(t.db, t.store, t.notifier, [seen.projection, seenToo.projection], { pollMs: 60_000 });
    await new Promise((r) => setTimeout(r, 200));
    const r = await ping(`wake-${randomUUID()}`, 0);
    const started = Date.now();
    const target = (await t.store.cursorAt(r.lastPosition))!;
    for (const name of ['seen_events', 'seen_events_too']) {
      await waitFor(async () => isAtOrAfter((await readCheckpoint(t.db, name))?.cursor, target), 5000);
    }
    expect(Date.now() - started).toBeLessThan(2000);
    await worker.stop();
  });

  it('gathers a stream of appends for gatherMs, but projects a lone write at once and the next within quietMs, and the tail of a stream once it stops', async () => {
    // A gather far longer than a batch takes even on a busy machine, so the cases cannot be
    // confused: a lone write well under it, a write inside a gathered stream at least most of it.
    const worker = startProjectionRunner(t.db, t.store, t.notifier, [seen.projection, seenToo.projection], { pollMs: 60_000, gatherMs: 3000, quietMs: 600 });
    await waitFor(() => caughtUp('seen_events'));
    await new Promise((r) => setTimeout(r, 3000)); // past any gather after catching up
    const projected = async (position: string) => {
      const target = (await t.store.cursorAt(position))!;
      await waitFor(async () => isAtOrAfter((await readCheckpoint(t.db, 'seen_events'))?.cursor, target), 8000);
      return Date.now();
    };
    const msToProject = async (append: () => Promise<{ lastPosition: string }>) => {
      const started = Date.now();
      return (await projected((await append()).lastPosition)) - started;
    };
    const stream = `gather-${randomUUID()}`;
    // Lone writes, one after the other: the first at once; the next, within quietMs of it, once quietMs has passed.
    expect(await msToProject(() => ping(stream, 0))).toBeLessThan(1500);
    expect(await msToProject(() => ping(stream, 1))).toBeLessThan(1500);
    // Three events in one batch start a gather; a stream of writes every 100 ms (under quietMs)
    // keeps it going: the first of them waits for the gather, not for a batch of its own.
    const three = [0, 1, 2].map((i) => ({ eventId: randomUUID(), type: 'Pinged', data: { i } }));
    await msToProject(() => t.store.append([{ streamId: stream, expectedVersion: 2, events: three }], meta));
    const stamps: { at: number; position: string }[] = [];
    for (let i = 0; i < 15; i++) {
      stamps.push({ at: Date.now(), position: (await ping(stream, 5 + i)).lastPosition });
      await new Promise((r) => setTimeout(r, 100));
    }
    const first = stamps[0]!;
    const last = stamps.at(-1)!;
    expect((await projected(first.position)) - first.at).toBeGreaterThanOrEqual(1500);
    // The stream stopped: its last write is projected once appends have paused for quietMs,
    // not when the 3 s gather runs out (about 1.5 s after the stream ended).
    expect((await projected(last.position)) - last.at).toBeLessThan(1400);
    await worker.stop();
  });

  it("gathers one client's writes in a row too, and goes at once for a reader that says it waits ('wanted')", async () => {
    // Gathers far longer than a round takes even on a busy machine, so the cases cannot be confused.
    const worker = startProjectionRunner(t.db, t.store, t.notifier, [seen.projection, seenToo.projection], { pollMs: 60_000, gatherMs: 3000, quietMs: 2500 });
    await waitFor(() => caughtUp('seen_events'));
    await new Promise((r) => setTimeout(r, 3000)); // past any gather after catching up
    const landed: string[] = [];
    const off = t.notifier.subscribe('projected', (position) => void landed.push(position));
    const projected = async (position: string) => {
      const target = (await t.store.cursorAt(position))!;
      await waitFor(async () => isAtOrAfter((await readCheckpoint(t.db, 'seen_events'))?.cursor, target), 8000);
      return Date.now();
    };
    const stream = `in-a-row-${randomUUID()}`;
    // After a quiet spell: at once, and its round starts a gather.
    let started = Date.now();
    expect((await projected((await ping(stream, 0)).lastPosition)) - started).toBeLessThan(1000);
    // Inside the gather, but a reader waits for it: at once again.
    started = Date.now();
    const wanted = await ping(stream, 1);
    t.notifier.publish('wanted', wanted.lastPosition);
    expect((await projected(wanted.lastPosition)) - started).toBeLessThan(1000);
    // Two writes inside the gather that nobody waits for: one round for both, once it ends.
    started = Date.now();
    const first = await ping(stream, 2);
    const second = await ping(stream, 3);
    expect((await projected(second.lastPosition)) - started).toBeGreaterThanOrEqual(2000);
    off();
    expect(landed).not.toContain(first.lastPosition);
    expect(landed).toContain(second.lastPosition);
    await worker.stop();
  });

  it('a projection added later catches up to the others and then moves with them, one page per round', async () => {
    await prepareProjections(t.db, t.store, [late.projection]);
    const all = [seen.projection, seenToo.projection, late.projection];
    const rounds: number[] = [];
    for (let i = 0; i < 200; i++) {
      const result = await projectBatch(t.db, t.store, all, 50);
      rounds.push(result.read);
      if (result.read === 0) break;
    }
    const checkpoints = await Promise.all(all.map((p) => readCheckpoint(t.db, p.name)));
    expect(new Set(checkpoints.map((c) => JSON.stringify(c?.cursor))).size).toBe(1);
    expect(await counts('seen_late')).toEqual(await counts('seen_events'));

    // Merged: the next append is read once for all three.
    await ping(`merged-${randomUUID()}`, 0);
    const next = await projectBatch(t.db, t.store, all, 50);
    expect(next.read).toBe(1);
  });
});
