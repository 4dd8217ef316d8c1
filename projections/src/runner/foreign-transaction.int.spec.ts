import { randomUUID } from 'node:crypto';

import { isAtOrAfter, type StoreUnderTest, type TestDatabase, testDatabase, withStore } from '@erp/eventstore/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { readCheckpoint } from './checkpoints';
import { prepareProjections, startProjectionRunner } from './runner';
import { pingProjection } from './testing/ping-projection';

/**
 * DESIGN §1: readers wait only for this store's own appends. A report, a backup or another
 * application holding a transaction open on the same server — in another database or in ours —
 * must not hold the projections back (pg_snapshot_xmin alone is cluster-wide and would).
 */

// Under the embedded PostgreSQL's idle_in_transaction_session_timeout (30 s), which would end the held transactions.
const HOLD_MS = 20_000;
const meta = { userId: null, username: null, correlationId: 'c', at: new Date().toISOString() };

let database: TestDatabase;
let t: StoreUnderTest;

const databaseUrl = (url: string, name: string) => {
  const next = new URL(url);
  next.pathname = `/${name}`;
  return next.toString();
};

/** A session that opens a transaction, takes a transaction id (as any writer does) and waits. */
const holdTransaction = async (url: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('begin');
  const { rows } = await client.query<{ xid: string }>('select pg_current_xact_id()::text as xid');
  return {
    xid: rows[0]!.xid,
    release: async () => {
      await client.query('rollback');
      await client.end();
    },
  };
};

beforeAll(async () => {
  database = await testDatabase();
  t = await withStore(database.url, { max: 8 });
  await prepareProjections(t.db, t.store, [pingProjection]);
});
afterAll(async () => {
  await t?.close();
  await database?.drop();
});

describe('a long transaction elsewhere on the server', () => {
  it(
    `held open for ${HOLD_MS / 1000} s (another database and ours) does not slow appends or projections`,
    async () => {
      const foreign = await holdTransaction(databaseUrl(database.url, 'postgres'));
      const local = await holdTransaction(database.url);
      const runner = startProjectionRunner(t.db, t.store, t.notifier, [pingProjection], { pollMs: 500 });
      const lags: number[] = [];
      try {
        const until = Date.now() + HOLD_MS;
        for (let i = 0; Date.now() < until; i++) {
          const appendedAt = performance.now();
          const result = await t.store.append(
            [{ streamId: `ping-${randomUUID()}`, expectedVersion: 0, events: [{ eventId: randomUUID(), type: 'Pinged', data: { i } }] }],
            meta,
          );
          const target = (await t.store.cursorAt(result.lastPosition))!;
          // Below the foreign transactions' ids: a horizon of pg_snapshot_xmin would stop here.
          expect(BigInt(target.tx)).toBeGreaterThan(BigInt(foreign.xid));
          while (!isAtOrAfter((await readCheckpoint(t.db, pingProjection.name))?.cursor, target)) {
            if (performance.now() - appendedAt > 5_000) throw new Error(`event ${i} not projected within 5 s`);
            await new Promise((r) => setTimeout(r, 2));
          }
          lags.push(performance.now() - appendedAt);
          await new Promise((r) => setTimeout(r, 50));
        }
      } finally {
        await runner.stop();
        await foreign.release();
        await local.release();
      }
      lags.sort((a, b) => a - b);
      const p99 = lags[Math.floor(lags.length * 0.99)]!;
      console.log(`[foreign transaction] ${lags.length} appends while held; append→projected p50 ${lags[lags.length >> 1]!.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms`);
      expect(lags.length).toBeGreaterThan(100);
      // Held back by the foreign transactions, nothing would be projected at all (the loop above
      // gives up after 5 s); the figures themselves belong to the bench. The bound leaves room for
      // a busy 2-core machine (p99 here was 20–60 ms).
      expect(p99).toBeLessThan(2500);
    },
    HOLD_MS + 60_000,
  );
});
