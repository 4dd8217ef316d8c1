import { connect, type Database, startEmbeddedPostgres } from '@erp/eventstore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { checkLedger, compareWithRebuild } from './testing/fault-checks';
import { faultLoad, type WriteOutcome } from './testing/fault-load';
import { caughtUp, cycles, randomMs, sleep, underLoad } from './testing/fault-run';
import { HttpClient } from './testing/http-client';
import { type RunningSystem, startEmbedded, startServices } from './testing/run-modes';

/**
 * Processes killed with SIGKILL at random moments under write load on every entity and
 * document (`npm run soak`: 100 worker kills, 25 restarts of each kind). Afterwards the log holds every
 * acknowledged write exactly once and every unanswered one wholly or not at all, and every
 * read model equals a fresh rebuild from the log, row for row.
 */
const CYCLES = cycles(10);
/** A restart of a whole service takes seconds on a shared 2-core machine: fewer, also in the soak. */
const RESTARTS = process.env.SOAK_CYCLES ? Math.ceil(CYCLES / 4) : 3;
/** Each cycle may take a restart's seconds; the soak runs long. */
const TIMEOUT_MS = 120_000 + Math.max(CYCLES, RESTARTS) * 15_000;
const WRITERS = 3;
const PASSWORD = 'correct horse battery staple';

const expectSound = async (database: Database, owner: HttpClient, outcomes: readonly WriteOutcome[]) => {
  const head = await caughtUp(owner);
  const ledger = await checkLedger(database, outcomes);
  expect(ledger.problems).toEqual([]);
  const rebuild = await compareWithRebuild(database);
  expect(rebuild.differences).toEqual([]);
  expect(rebuild.position).toBe(head);
  return { ...ledger, rows: rebuild.rows };
};

const report = (what: string, count: number, outcomes: readonly WriteOutcome[], extra: Record<string, number>) => {
  const acked = outcomes.filter((o) => o.status !== null && o.status < 300).length;
  const kinds = new Set(outcomes.map((o) => o.kind)).size;
  console.info(`${what}: ${count} cycles, ${outcomes.length} writes of ${kinds} kinds, ${acked} acknowledged, 0 lost`, extra);
};

describe('faults, services mode', () => {
  let system: RunningSystem;
  let database: Database;
  let owner: HttpClient;
  const outcomes: WriteOutcome[] = [];

  beforeAll(async () => {
    system = await startServices();
    database = connect(system.databaseUrl!, { max: 2 });
    owner = new HttpClient(system.baseUrl);
    await owner.setup('owner', PASSWORD);
  }, 180_000);
  afterAll(async () => {
    await database?.close();
    await system?.stop();
  }, 60_000);

  it(`projection workers killed -9 at random moments, ${CYCLES} times, lose nothing and apply nothing twice`, async () => {
    const load = faultLoad(owner);
    await underLoad(load, WRITERS, async () => {
      for (let cycle = 0; cycle < CYCLES; cycle++) {
        await sleep(randomMs(100, 700));
        // Mostly one worker (the other takes over), every third cycle both.
        await system.kill9Projections!(cycle % 3 === 2 ? undefined : cycle % 2);
        await sleep(randomMs(0, 300));
        await system.startProjections!();
      }
      await sleep(500);
    });
    outcomes.push(...load.outcomes);
    // Only workers died: every write was answered, and answered 2xx.
    expect(load.outcomes.filter((o) => o.status === null || o.status >= 300).map((o) => `${o.kind} → ${o.status}`)).toEqual([]);
    expect(new Set(load.outcomes.map((o) => o.kind)).size).toBeGreaterThanOrEqual(18);
    const sound = await expectSound(database, owner, outcomes);
    report('projection worker kill -9', CYCLES, load.outcomes, { readModelRows: sound.rows });
  }, TIMEOUT_MS);

  it(`the command service killed -9 during appends, ${RESTARTS} times: acknowledged writes are there once, unanswered ones wholly or not at all`, async () => {
    const load = faultLoad(owner);
    await underLoad(load, WRITERS, async () => {
      for (let cycle = 0; cycle < RESTARTS; cycle++) {
        await sleep(randomMs(200, 900));
        await system.kill9!('command');
        await system.restart!('command');
      }
      await sleep(500);
    });
    outcomes.push(...load.outcomes);
    // No answer: a cut connection, the gateway's 502 for a write cut mid-way, or its 503 while no
    // command instance listens (nothing was sent).
    const noAnswer = (status: number | null) => status === null || status === 502 || status === 503;
    const unanswered = load.outcomes.filter((o) => noAnswer(o.status));
    expect(unanswered.length).toBeGreaterThan(0);
    // Nothing but 2xx or "no answer".
    expect(load.outcomes.filter((o) => !noAnswer(o.status) && o.status! >= 300).map((o) => `${o.kind} → ${o.status}`)).toEqual([]);
    const sound = await expectSound(database, owner, outcomes);
    report('command service kill -9', RESTARTS, load.outcomes, { unanswered: unanswered.length, unansweredButInLog: sound.unansweredInLog });
  }, TIMEOUT_MS);
});

describe('faults, embedded mode (npm start)', () => {
  let system: RunningSystem;
  let owner: HttpClient;

  beforeAll(async () => {
    system = await startEmbedded();
    owner = new HttpClient(system.baseUrl);
    await owner.setup('owner', PASSWORD);
  }, 180_000);
  afterAll(async () => {
    await system?.stop();
  }, 60_000);

  it(`the server and its PostgreSQL killed -9 together mid-write and mid-projection, ${RESTARTS} times, lose nothing acknowledged`, async () => {
    const load = faultLoad(owner);
    await underLoad(load, WRITERS, async () => {
      for (let cycle = 0; cycle < RESTARTS; cycle++) {
        await sleep(randomMs(100, 700));
        await system.kill9!('embedded');
        await system.restart!('embedded');
      }
      await sleep(500);
    });
    expect(load.outcomes.filter((o) => o.status !== null && o.status >= 300).map((o) => `${o.kind} → ${o.status}`)).toEqual([]);
    // The cluster the restarted server runs (found under its data dir; the port is new each start).
    const cluster = await startEmbeddedPostgres(system.dataDir!);
    const database = connect(cluster.url, { max: 2 });
    try {
      const sound = await expectSound(database, owner, load.outcomes);
      report('embedded kill -9', RESTARTS, load.outcomes, { unanswered: load.outcomes.filter((o) => o.status === null).length, unansweredButInLog: sound.unansweredInLog });
    } finally {
      await database.close();
    }
  }, TIMEOUT_MS);
});
