import { randomUUID } from 'node:crypto';

import { isAtOrAfter, type StoreUnderTest, type TestDatabase, testDatabase, withStore } from '@erp/eventstore/testing';
import { sql } from 'kysely';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { readCheckpoint } from './checkpoints';
import { projectionLags } from './lag';
import type { ProjectionLog } from './log';
import { defineProjection } from './projection';
import { prepareProjections, projectBatch, startProjectionRunner } from './runner';
import { table } from './table';
import { pingProjectionNamed } from './testing/ping-projection';

const Pinged = z.object({ type: z.literal('Pinged'), data: z.object({ i: z.number().int().optional(), poison: z.boolean().optional() }) });

/** A read model made to fail on purpose: it cannot apply a 'Pinged' event marked poison (unless fixed). */
const fragile = (fixed: boolean) => {
  const rows = table({ name: 'fragile_seen', key: 'position', columns: { position: 'text', i: 'integer' } });
  return {
    table: rows,
    projection: defineProjection<z.output<typeof Pinged>>({
      name: 'fragile_seen',
      version: 1,
      tables: [rows],
      handles: ['Pinged'],
      decode: (stored) => Pinged.parse(stored),
      rowsOf: (_event, context) => [{ table: rows, key: context.position }],
      apply: (event, context, batch) => {
        if (event.data.poison && !fixed) throw new Error('this read model cannot apply a poisoned ping');
        batch.put(rows, { position: context.position, i: event.data.i ?? null });
      },
    }),
  };
};

const healthy = pingProjectionNamed('healthy_seen');
const meta = { userId: null, username: null, correlationId: 'c', at: new Date().toISOString() };
let database: TestDatabase;
let t: StoreUnderTest;

const ping = async (data: { i: number; poison?: boolean }) => {
  const streamId = `ping-${randomUUID()}`;
  const result = await t.store.append([{ streamId, expectedVersion: 0, events: [{ eventId: randomUUID(), type: 'Pinged', data }] }], meta);
  return { streamId, position: result.lastPosition };
};
const rowCount = async (name: string) => (await sql<{ n: number }>`select count(*)::int as n from ${sql.table(name)}`.execute(t.db)).rows[0]!.n;
const caughtUp = async (name: string) => isAtOrAfter((await readCheckpoint(t.db, name))?.cursor, await t.store.endCursor());
const waitFor = async (check: () => Promise<boolean>, ms = 20_000) => {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
};

beforeAll(async () => {
  database = await testDatabase();
  t = await withStore(database.url);
  await prepareProjections(t.db, t.store, [fragile(false).projection, healthy.projection]);
});
afterAll(async () => {
  await t?.close();
  await database?.drop();
});

describe('an event a projection cannot apply', () => {
  it('stops that projection only, at that event; the others of its batch go on', async () => {
    const broken = fragile(false).projection;
    await ping({ i: 1 });
    await ping({ i: 2 });
    const poison = await ping({ i: 3, poison: true });
    await ping({ i: 4 });

    const round = await projectBatch(t.db, t.store, [broken, healthy.projection], 100);
    expect(round.stopped).toEqual([
      {
        name: 'fragile_seen',
        stop: expect.objectContaining({ position: poison.position, type: 'Pinged', streamId: poison.streamId, error: 'this read model cannot apply a poisoned ping' }),
      },
    ]);
    // The healthy one applied all four; the fragile one the two before the poison, and stands there.
    expect(await rowCount('healthy_seen')).toBe(4);
    expect(await rowCount('fragile_seen')).toBe(2);
    expect(await caughtUp('healthy_seen')).toBe(true);
    const checkpoint = (await readCheckpoint(t.db, 'fragile_seen'))!;
    expect(BigInt(checkpoint.cursor.position)).toBeLessThan(BigInt(poison.position));
    expect(checkpoint.stopped).toMatchObject({ position: poison.position, streamId: poison.streamId });

    // What health and metrics read: the stop, by name, with its position and error.
    const lags = await projectionLags(t.db, t.store, [broken, healthy.projection]);
    expect(lags.find((l) => l.name === 'fragile_seen')!.stopped).toMatchObject({ position: poison.position, error: expect.stringContaining('poisoned') });
    expect(lags.find((l) => l.name === 'healthy_seen')!.stopped).toBeNull();

    // Writes after it are visible in the others at once, round after round.
    await ping({ i: 5 });
    const next = await projectBatch(t.db, t.store, [broken, healthy.projection], 100);
    expect(next.stopped.map((s) => s.name)).toEqual(['fragile_seen']);
    expect(await rowCount('healthy_seen')).toBe(5);
    expect(await rowCount('fragile_seen')).toBe(2);
  });

  it('resumes from where it stopped once it is fixed, and is no longer said to be stopped', async () => {
    const fixed = fragile(true).projection;
    const round = await projectBatch(t.db, t.store, [fixed, healthy.projection], 100);
    expect(round.stopped).toEqual([]);
    expect(await rowCount('fragile_seen')).toBe(5);
    expect(await caughtUp('fragile_seen')).toBe(true);
    expect((await readCheckpoint(t.db, 'fragile_seen'))!.stopped).toBeNull();
  });

  it('the runner logs the stop once, with the event and the error, keeps the others moving and retries the stopped one', async () => {
    const lines: { level: string; fields: Record<string, unknown>; message: string }[] = [];
    const log: ProjectionLog = {
      info: (fields, message) => void lines.push({ level: 'info', fields, message }),
      warn: (fields, message) => void lines.push({ level: 'warn', fields, message }),
      error: (fields, message) => void lines.push({ level: 'error', fields, message }),
    };
    const runner = startProjectionRunner(t.db, t.store, t.notifier, [fragile(false).projection, healthy.projection], { pollMs: 50, log });
    try {
      const poison = await ping({ i: 6, poison: true });
      for (let i = 7; i < 12; i++) await ping({ i });
      await waitFor(() => caughtUp('healthy_seen'));
      await waitFor(async () => (await readCheckpoint(t.db, 'fragile_seen'))!.stopped !== null);
      const stops = lines.filter((l) => l.level === 'error' && l.message.startsWith('projection stopped'));
      expect(stops).toHaveLength(1);
      expect(stops[0]!.fields).toMatchObject({ projection: 'fragile_seen', position: poison.position, type: 'Pinged', error: expect.stringContaining('poisoned') });
      // Retried after 1 s, 2 s, …: still stopped on the same event, and said once only.
      await new Promise((r) => setTimeout(r, 2500));
      expect(lines.filter((l) => l.message.startsWith('projection stopped'))).toHaveLength(1);
      expect((await readCheckpoint(t.db, 'fragile_seen'))!.stopped).toMatchObject({ position: poison.position });
    } finally {
      await runner.stop();
    }
  });
});
