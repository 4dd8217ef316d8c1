import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';

import { api, type CreatedWebhook, HEADERS, type PublicEventType, type Redelivered, vendorsEntity, WEBHOOK_MAX_ATTEMPTS, type WebhookDelivery } from '@erp/contracts';
import { MASTER_DATA_SAMPLES } from '@erp/contracts/testing';
import { freePort } from '@erp/eventstore/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type Answer, eventually } from './testing/http-client';
import { signedInOneProcess } from './testing/signed-in-system';

/**
 * Issue 46 item 3, webhooks made strict: event types checked against the published list,
 * deliveries paged, failed (or any) deliveries redelivered — the same event id and payload, a
 * fresh timestamp and signature, a new round of attempts.
 */

interface Received {
  readonly eventId: string;
  readonly body: string;
  readonly timestamp: string;
  readonly signed: boolean;
}

describe('webhooks: published event types, paged deliveries, redelivery', () => {
  // Back-off 40 ms: a failing receiver uses up its 8 attempts in about 5 s.
  const under = signedInOneProcess({ ERP_WEBHOOK_BACKOFF_MS: '40', ERP_WEBHOOK_TIMEOUT_MS: '1000', ERP_WEBHOOK_ALLOW_PRIVATE: 'true' });
  let hook: CreatedWebhook;
  let accepting = false;
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const timestamp = String(req.headers['x-erp-timestamp']);
      const expected = `sha256=${createHmac('sha256', hook.secret).update(`${timestamp}.${body}`).digest('hex')}`;
      received.push({ eventId: String(req.headers['x-erp-event-id']), body, timestamp, signed: req.headers['x-erp-signature'] === expected });
      res.statusCode = accepting ? 204 : 503;
      res.end();
    });
  });
  let url = '';
  const deliveriesPath = () => `${api.webhooks}/${hook.id}/deliveries`;
  const deliveries = async () => (await under.owner.get<WebhookDelivery[]>(`${deliveriesPath()}?limit=200`)).body;
  const addVendor = async (name: string) => expect((await under.owner.post(vendorsEntity.path, MASTER_DATA_SAMPLES.vendors!.body(`${name}${Date.now()}`))).status).toBe(201);
  const settled = (what: string, count: number, status: WebhookDelivery['status']) =>
    eventually(deliveries, (d) => d.length === count && d.every((x) => x.status === status), { what, timeoutMs: 30_000, intervalMs: 200 });

  beforeAll(async () => {
    const port = await freePort();
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${port}/hooks`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('publishes its event types, and refuses a webhook for a type it never publishes, naming it', async () => {
    const types = await under.owner.get<PublicEventType[]>(`${api.webhooks}/event-types`);
    expect(types.status).toBe(200);
    expect(types.body).toContainEqual({ type: 'VendorCreated', module: 'purchase', entity: 'vendor' });
    expect(types.body).toContainEqual({ type: 'SalesInvoiceRecorded', module: 'sales', entity: 'sales-invoice' });

    const misspelt = await under.owner.post<{ message: string; issues: { path: string; message: string }[] }>(api.webhooks, { url, eventTypes: ['VendorCreated', 'VendorCreatd'] });
    expect(misspelt.status).toBe(400);
    expect(misspelt.body.issues).toEqual([{ path: 'eventTypes.1', message: 'Unknown event type: VendorCreatd' }]);
    expect(misspelt.body.message).toBe('Unknown event type: VendorCreatd');
    expect((await under.owner.get<unknown[]>(api.webhooks)).body).toEqual([]);

    const made = await under.owner.post<CreatedWebhook>(api.webhooks, { url, eventTypes: ['VendorCreated'] });
    expect(made.status, made.text).toBe(201);
    hook = made.body;
    const change = await under.owner.put<{ issues: { path: string; message: string }[] }>(`${api.webhooks}/${hook.id}`, { eventTypes: ['VendorCreated', 'InvoiceRecorded'] });
    expect(change.status).toBe(400);
    expect(change.body.issues).toEqual([{ path: 'eventTypes.1', message: 'Unknown event type: InvoiceRecorded' }]);
  });

  it('redelivers the failed deliveries since a time, and one delivery of any status: same event and payload, fresh signature', async () => {
    await addVendor('early');
    const [early] = await settled('the first delivery to fail', 1, 'failed');
    expect(early).toMatchObject({ attempts: WEBHOOK_MAX_ATTEMPTS, lastStatus: 503, redeliveries: 0 });
    const since = new Date().toISOString();
    await addVendor('late-a');
    await addVendor('late-b');
    const failed = await settled('all three to fail', 3, 'failed');
    const late = failed.filter((d) => d.id !== early!.id);
    const before = received.length;
    expect(before).toBe(3 * WEBHOOK_MAX_ATTEMPTS);

    accepting = true;
    const again = await under.owner.post<Redelivered>(`${api.webhooks}/${hook.id}/redeliver`, { since });
    expect(again.status, again.text).toBe(202);
    expect(again.body).toEqual({ queued: 2, deliveryIds: late.map((d) => d.id).sort((a, b) => a - b) });
    const after = await eventually(deliveries, (d) => d.filter((x) => x.status === 'delivered').length === 2, { what: 'the two since then delivered', timeoutMs: 15_000 });
    expect(after.find((d) => d.id === early!.id)).toMatchObject({ status: 'failed', redeliveries: 0 });
    for (const d of after.filter((x) => x.id !== early!.id)) expect(d).toMatchObject({ attempts: 1, lastStatus: 204, redeliveries: 1 });

    const redelivered = received.slice(before);
    expect(redelivered.map((r) => r.eventId).sort()).toEqual(late.map((d) => d.eventId).sort());
    for (const r of redelivered) {
      const first = received.find((x) => x.eventId === r.eventId)!;
      expect(r.body, 'the same payload').toBe(first.body);
      expect(r.signed, 'signed with the secret').toBe(true);
      expect(Number(r.timestamp)).toBeGreaterThan(Number(first.timestamp));
    }

    // One delivery, whatever its status: the failed early one, and a delivered one once more.
    for (const d of [early!, late[0]!]) {
      const one = await under.owner.post<Redelivered>(`${deliveriesPath()}/${d.id}/redeliver`);
      expect(one.status, one.text).toBe(202);
      expect(one.body).toEqual({ queued: 1, deliveryIds: [d.id] });
    }
    const final = await eventually(deliveries, (d) => d.every((x) => x.status === 'delivered'), { what: 'every delivery delivered', timeoutMs: 15_000 });
    expect(final.find((d) => d.id === late[0]!.id)?.redeliveries).toBe(2);
    expect(received.length).toBe(before + 4);
    expect(received.every((r) => r.signed)).toBe(true);
  }, 60_000);

  it('refuses a redelivery it cannot do, naming what is wrong', async () => {
    expect((await under.owner.post(`${deliveriesPath()}/999999/redeliver`)).status).toBe(404);
    expect((await under.owner.post(`${api.webhooks}/999999/redeliver`, { since: '2026-01-01T00:00:00Z' })).status).toBe(404);
    const bad = await under.owner.post<{ issues: { path: string }[] }>(`${api.webhooks}/${hook.id}/redeliver`, { since: 'yesterday', from: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.issues.map((i) => i.path)).toEqual(['from']);
    const noTime = await under.owner.post<{ issues: { path: string }[] }>(`${api.webhooks}/${hook.id}/redeliver`, { since: 'yesterday' });
    expect(noTime.body.issues.map((i) => i.path)).toEqual(['since']);
    expect((await under.owner.put(`${api.webhooks}/${hook.id}`, { active: false })).status).toBe(200);
    expect((await under.owner.post(`${api.webhooks}/${hook.id}/redeliver`, { since: '2026-01-01T00:00:00Z' })).status).toBe(409);
  });

  it('pages the deliveries newest first with X-Next-After; a parameter it does not take is a 400 naming it', async () => {
    const whole = await deliveries();
    expect(whole.map((d) => d.id)).toEqual(whole.map((d) => d.id).sort((a, b) => b - a));
    const seen: number[] = [];
    let after: string | null = null;
    let requests = 0;
    do {
      const res: Answer<WebhookDelivery[]> = await under.owner.get<WebhookDelivery[]>(`${deliveriesPath()}?limit=2${after ? `&after=${after}` : ''}`);
      expect(res.status, res.text).toBe(200);
      seen.push(...res.body.map((d) => d.id));
      after = res.headers.get(HEADERS.nextAfter);
      requests += 1;
    } while (after);
    expect(seen).toEqual(whole.map((d) => d.id));
    expect(requests).toBe(2);
    expect((await under.owner.get<WebhookDelivery[]>(deliveriesPath())).body).toHaveLength(3);

    for (const [query, parameter] of [['limit=201', 'limit'], ['limit=0', 'limit'], ['after=bm90IG91cnM', 'after'], ['page=2', 'page'], ['limit=1&limit=2', 'limit']] as const) {
      const res = await under.owner.get<{ issues: { path: string }[] }>(`${deliveriesPath()}?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.issues.map((i) => i.path), query).toEqual([parameter]);
    }
  });
});
