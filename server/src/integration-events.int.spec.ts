import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { INTEGRATION_STREAM, type IntegrationEvent, vendorsEntity } from '@erp/contracts';
import { MASTER_DATA_SAMPLES } from '@erp/contracts/testing';
import { inProcessNotifier, postgresEventStore, START, type GlobalCursor } from '@erp/eventstore';
import { freePort, type TestNats, testNats } from '@erp/eventstore/testing';
import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';

import { PUBLISHER_CHECKPOINT } from './integration/publisher';
import { integrationSubject } from './integration/subjects';
import { eventually, type HttpClient } from './testing/http-client';
import { startServices } from './testing/run-modes';
import { signedInSystem } from './testing/signed-in-system';

/**
 * Issue 23, integration events: under a steady write load the projection workers (which run
 * the publisher) are killed -9 and restarted, then NATS itself is stopped and started again on
 * its JetStream store. A durable consumer created before all that ends with every public event
 * of the log exactly once after de-duplication by event id, in log order.
 */

const CONSUMER = 'integration-test';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))]!;

/** Writers POSTing vendors until stopped; answers the count of writes made. */
const writeLoad = (owner: HttpClient, writers: number) => {
  let running = true;
  let written = 0;
  const failures: string[] = [];
  const loops = Array.from({ length: writers }, async (_, w) => {
    for (let i = 0; running; i++) {
      const res = await owner.post(vendorsEntity.path, MASTER_DATA_SAMPLES.vendors!.body(`ie${w}x${i}x${Date.now()}`));
      if (res.status === 201) written++;
      else failures.push(`${res.status} ${res.text.slice(0, 100)}`);
    }
  });
  return {
    stop: async () => {
      running = false;
      await Promise.all(loops);
      return { written, failures };
    },
  };
};

describe('integration events: the publisher and NATS killed under write load (services mode)', () => {
  let nats: TestNats | undefined;
  let natsPort = 0;
  let storeDir = '';
  let client: NatsConnection | undefined;
  const natsUrl = () => `nats://127.0.0.1:${natsPort}`;
  const startNats = async () => {
    nats = await testNats({ port: natsPort, storeDir });
  };
  const under = signedInSystem(
    async () => {
      natsPort = await freePort();
      storeDir = await mkdtemp(path.join(os.tmpdir(), 'erp-nats-kept-'));
      await startNats();
      // Its own NATS: the default prefix and stream, as a deployment alone on its NATS has.
      return startServices({ natsUrl: natsUrl(), env: { ERP_NATS_PREFIX: 'erp' } });
    },
    async () => {
      await nats?.stop();
      await rm(storeDir, { recursive: true, force: true });
    },
  );
  afterAll(async () => {
    await client?.close();
  });

  /** Every event of the log a consumer must see (internal claims and series left out), in order. */
  const publicEvents = async () => {
    const store = postgresEventStore(under.database, inProcessNotifier());
    const events = [];
    let cursor: GlobalCursor = START;
    for (;;) {
      const page = await store.readAll(cursor, 1000);
      if (page.events.length === 0) return { events, end: cursor };
      events.push(...page.events.filter((e) => integrationSubject(e.streamId, e.type) !== null));
      cursor = page.cursor;
    }
  };
  const publishedUpTo = async () => {
    const { rows } = await sql<{ position: string }>`select position::text as position from integration_checkpoints where name = ${PUBLISHER_CHECKPOINT}`.execute(under.database.db);
    return rows[0]?.position ?? '0';
  };

  it('a durable consumer gets every event exactly once after de-duplication, in log order', async () => {
    client = await connect({ servers: natsUrl(), maxReconnectAttempts: -1, reconnectTimeWait: 250 });
    const jsm = await jetstreamManager(client);
    await eventually(
      () => jsm.streams.info(INTEGRATION_STREAM).then(() => true, () => false),
      (ok) => ok,
      { what: 'the publisher to make its stream', timeoutMs: 30_000 },
    );
    await jsm.consumers.add(INTEGRATION_STREAM, { durable_name: CONSUMER, ack_policy: AckPolicy.Explicit, deliver_policy: DeliverPolicy.All });

    const load = writeLoad(under.owner, 4);
    await sleep(2000);
    const steadyUntil = Date.now();
    await under.system.kill9Projections!();
    await sleep(1500);
    await under.system.startProjections!();
    await sleep(2000);
    await nats!.stop();
    nats = undefined;
    await sleep(3000);
    await startNats();
    await sleep(2500);
    const { written, failures } = await load.stop();
    expect(failures, 'writes refused during the faults').toEqual([]);
    expect(written).toBeGreaterThan(50);

    // A burst written while no publisher runs: its catch-up is the publishing rate.
    const burstFrom = (await publicEvents()).end.position;
    await under.system.kill9Projections!();
    const burst = writeLoad(under.owner, 8);
    await sleep(4000);
    const burstWritten = (await burst.stop()).written;
    await under.system.startProjections!();

    const expected = await publicEvents();
    await eventually(publishedUpTo, (p) => BigInt(p) >= BigInt(expected.end.position), {
      what: `the publisher to reach ${expected.end.position}`,
      timeoutMs: 60_000,
      intervalMs: 200,
    });

    const consumer = await jetstream(client).consumers.get(INTEGRATION_STREAM, CONSUMER);
    const received: { event: IntegrationEvent; storedMs: number; subject: string }[] = [];
    for (;;) {
      const batch = await consumer.fetch({ max_messages: 1000, expires: 2000 });
      let n = 0;
      for await (const msg of batch) {
        received.push({ event: msg.json<IntegrationEvent>(), storedMs: msg.info.timestampNanos / 1e6, subject: msg.subject });
        msg.ack();
        n++;
      }
      if (n === 0) break;
    }
    const seen = new Set<string>();
    const unique = received.filter(({ event }) => !seen.has(event.id) && seen.add(event.id));
    expect(unique.map((r) => r.event.id)).toEqual(expected.events.map((e) => e.eventId));
    expect(unique.map((r) => r.event.position)).toEqual(expected.events.map((e) => e.position));
    const first = unique[0]!;
    expect(first.subject).toBe(`erp.purchase.vendor.${first.event.type}`);
    expect(first.event).toMatchObject({ version: 1, user: { name: 'owner' }, streamVersion: 1 });

    const lag = (from: typeof unique) => from.map((r) => r.storedMs - Date.parse(r.event.at));
    const steady = unique.filter((r) => Date.parse(r.event.at) < steadyUntil);
    const catchUp = unique.filter((r) => BigInt(r.event.position) > BigInt(burstFrom));
    const catchUpMs = catchUp.at(-1)!.storedMs - catchUp[0]!.storedMs;
    const figures = {
      written: written + burstWritten,
      publicEvents: expected.events.length,
      received: received.length,
      duplicatesDropped: received.length - unique.length,
      steadyLagP50Ms: Math.round(percentile(lag(steady), 50)),
      steadyLagP99Ms: Math.round(percentile(lag(steady), 99)),
      overallLagP99Ms: Math.round(percentile(lag(unique), 99)),
      catchUpEvents: catchUp.length,
      catchUpPublishedPerSecond: Math.round((catchUp.length / Math.max(1, catchUpMs)) * 1000),
    };
    console.log(`integration-event figures ${JSON.stringify(figures)}`);
  }, 240_000);
});
