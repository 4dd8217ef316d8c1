import { INVOICE_DOCUMENTS, MASTER_DATA_ENTITIES, SETTLEMENT_DOCUMENTS } from '@erp/contracts';
import { describe, expect, it } from 'vitest';

import { checkLedger, compareWithRebuild } from './testing/fault-checks';
import { faultLoad, type WriteOutcome } from './testing/fault-load';
import { caughtUp, sleep, underLoad } from './testing/fault-run';
import { eventually } from './testing/http-client';
import { type PgCluster, pgCluster } from './testing/pg-cluster';
import { startServices } from './testing/run-modes';
import { signedInSystem } from './testing/signed-in-system';

/**
 * PostgreSQL restarted (`pg_ctl restart -m fast`) and then stopped for 3 s while writers and
 * readers run against services mode: the services heal without a restart of their own, clients
 * get 503 with Retry-After meanwhile (never a 500, never a hang), and no acknowledged write is
 * lost.
 */
const WRITERS = 3;
const READERS = 2;
/** A request waits at most the pool's connect timeout (5 s) and a little more. */
const MAX_REQUEST_MS = 12_000;
const LIST_PATHS = [...MASTER_DATA_ENTITIES, ...INVOICE_DOCUMENTS, ...SETTLEMENT_DOCUMENTS].map((e) => e.path);

describe('PostgreSQL restarted under load, services mode', () => {
  let cluster: PgCluster;
  const t = signedInSystem(
    async () => {
      cluster = await pgCluster();
      return startServices({ databaseUrl: cluster.url });
    },
    async () => cluster?.destroy(),
  );

  it('services heal by themselves; 503 with Retry-After meanwhile; nothing acknowledged is lost', async () => {
    const pids = t.system.processes.map((p) => p.pid);
    const load = faultLoad(t.owner);
    const reads: WriteOutcome[] = [];
    let reading = true;
    const reader = async (r: number) => {
      for (let i = r; reading; i++) {
        const path = `${LIST_PATHS[i % LIST_PATHS.length]!}?limit=20`;
        const started = performance.now();
        try {
          const res = await t.owner.get(path, { timeoutMs: 30_000 });
          reads.push({ requestId: `read-${i}`, kind: `GET ${path}`, status: res.status, ms: performance.now() - started, retryAfter: res.headers.get('retry-after') });
          if (res.status !== 200) await sleep(50);
        } catch {
          reads.push({ requestId: `read-${i}`, kind: `GET ${path}`, status: null, ms: performance.now() - started });
        }
      }
    };
    const readers = Array.from({ length: READERS }, (_, r) => reader(r));
    const writesWork = () =>
      eventually(async () => (await t.owner.post(MASTER_DATA_ENTITIES[0].path, { name: 'After the outage' })).status, (s) => s === 201, {
        what: 'a write to succeed again',
        timeoutMs: 60_000,
        intervalMs: 200,
      });
    await underLoad(load, WRITERS, async () => {
      await sleep(1_500);
      await cluster.restart();
      await writesWork();
      await sleep(1_000);
      await cluster.stop();
      await sleep(3_000);
      await cluster.start();
      await writesWork();
      await sleep(1_500);
    });
    reading = false;
    await Promise.all(readers);

    // Nobody was restarted: the same processes served before, during and after.
    expect(t.system.processes.map((p) => p.pid)).toEqual(pids);
    expect(t.system.processes.filter((p) => !p.isRunning()).map((p) => p.name)).toEqual([]);
    const all = [...load.outcomes, ...reads];
    const refused = all.filter((o) => o.status === 503);
    // Every request got an answer, in bounded time: a success, or 503 with Retry-After.
    expect(all.filter((o) => o.status === null || (o.status >= 300 && o.status !== 503)).map((o) => `${o.kind} → ${o.status}`)).toEqual([]);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.filter((o) => !o.retryAfter).map((o) => o.kind)).toEqual([]);
    const maxMs = Math.max(...all.map((o) => o.ms));
    expect(maxMs).toBeLessThan(MAX_REQUEST_MS);

    await caughtUp(t.owner);
    const ledger = await checkLedger(t.database, load.outcomes);
    expect(ledger.problems).toEqual([]);
    const rebuild = await compareWithRebuild(t.database);
    expect(rebuild.differences).toEqual([]);
    console.info('PostgreSQL restart + 3 s stop under load', {
      writes: load.outcomes.length,
      acknowledged: load.acknowledged().length,
      lost: 0,
      reads: reads.length,
      answered503: refused.length,
      refusedWritesInLog: ledger.unansweredInLog,
      maxRequestMs: Math.round(maxMs),
    });
  }, 300_000);
});
