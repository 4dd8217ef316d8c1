import { randomUUID } from 'node:crypto';

import { testDatabase, type TestDatabase, withStore, type StoreUnderTest } from '@erp/eventstore/testing';
import { migrateWebhooks, webhookStore } from '@erp/http-kit';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { eventually } from '../testing/http-client';
import { readIntegrationCheckpoint } from './checkpoint';
import { startWebhookWorkers, WEBHOOK_CHECKPOINT, type WebhookWorkers } from './webhooks';

const silent = { info: () => undefined, warn: () => undefined };

/**
 * The fan-out while no webhook is active: one statement per round moves its checkpoint to the
 * log's end (nothing read, nothing recorded); a webhook registered then gets the events made
 * after it, not the ones before.
 */
describe('webhook fan-out with no webhook active', () => {
  let database: TestDatabase;
  let t: StoreUnderTest;
  let workers: WebhookWorkers;
  const append = async (n: number) => {
    const result = await t.store.append([{ streamId: `vendor-${n}`, expectedVersion: 0, events: [{ eventId: randomUUID(), type: 'VendorCreated', data: { id: n, name: `Vendor ${n}` } }] }], { userId: 1, username: 'spec', correlationId: 'spec', at: new Date().toISOString() });
    return result.lastPosition;
  };

  beforeAll(async () => {
    database = await testDatabase();
    t = await withStore(database.url, { max: 4 });
    await migrateWebhooks(t.db);
    workers = await startWebhookWorkers({ db: t.db, store: t.store, notifier: t.notifier, log: silent, backoffMs: 200 });
  });
  afterAll(async () => {
    await workers?.stop();
    await t?.close();
    await database?.drop();
  });

  it('keeps its checkpoint at the end of the log and records no delivery', async () => {
    let last = '0';
    for (let i = 1; i <= 5; i++) last = await append(i);
    await eventually(() => readIntegrationCheckpoint(t.db, WEBHOOK_CHECKPOINT), (position) => position === last, { what: 'the fan-out checkpoint at the last event' });
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from webhook_deliveries`.execute(t.db);
    expect(rows[0]!.n).toBe(0);
  });

  it('a webhook registered then gets only the events made after it', async () => {
    const hook = await webhookStore(t.db).create({ url: 'http://127.0.0.1:9/none', eventTypes: [], active: true });
    const after = await append(6);
    const { rows } = await eventually(
      () => sql<{ position: string }>`select position::text as position from webhook_deliveries where webhook_id = ${hook.id}`.execute(t.db),
      (result) => result.rows.length > 0,
      { what: 'a delivery for the new webhook' },
    );
    expect(rows.map((r) => r.position)).toEqual([after]);
  });
});
