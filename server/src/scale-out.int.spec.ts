import { api, byId, HEADERS, type Vendor, VendorSchema, vendorsEntity } from '@erp/contracts';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { readProxyStats } from './testing/haproxy';
import { LiveHealthSchema } from './testing/health';
import { type Answer, eventually, HttpClient } from './testing/http-client';
import { runCli, startServices } from './testing/run-modes';
import { signedInSystem } from './testing/signed-in-system';

/**
 * Scale-out that survives a dead instance: two command and two query instances and two
 * projection workers behind HAProxy (deploy/haproxy.cfg). Eight writers create vendors with
 * Idempotency-Keys and read each one back while one command and one query instance are killed
 * with SIGKILL. No request may fail; a client may send a request again with the same key after
 * a network error or a 5xx (counted apart), as a real client would. Afterwards every
 * acknowledged write is listed, is in the log exactly once, and the read model equals a rebuild.
 * Then the Node gateway, in front of the same (half dead) instances, must not fail either.
 */

const WRITERS = 8;
const KILL_COMMAND_AT = 80;
const KILL_QUERY_AT = 160;
const STOP_AT = 320;
const CLIENT_ATTEMPTS = 3;

interface Figures {
  requests: number;
  /** Answered after the client sent it again (network error or 5xx on an earlier attempt). */
  retried: number;
  failed: string[];
}

/** Sends a request up to CLIENT_ATTEMPTS times while it ends in a network error or a 5xx. */
const withRetries = async (figures: Figures, what: string, send: () => Promise<Answer>): Promise<Answer | null> => {
  let last = '';
  for (let attempt = 1; attempt <= CLIENT_ATTEMPTS; attempt++) {
    figures.requests++;
    try {
      const res = await send();
      if (res.status < 500) {
        if (attempt > 1) figures.retried++;
        return res;
      }
      last = `${res.status} ${res.text}`;
    } catch (error) {
      last = String((error as Error).cause ?? error);
    }
  }
  figures.failed.push(`${what}: ${last}`);
  return null;
};

describe('scale-out behind HAProxy, services mode', () => {
  const t = signedInSystem(() => startServices({ proxy: 'haproxy' }));

  const processNamed = (name: string) => t.system.processes.find((p) => p.name === name)!;
  const health = async () => LiveHealthSchema.parse((await t.owner.get(api.health)).body);
  const vendorRows = async () =>
    (await sql<Record<string, unknown>>`select * from vendor_list where not deleted order by id`.execute(t.database.db)).rows;

  it('kill -9 of one command and one query instance under load: no failed request, no lost write', async () => {
    const figures: Figures = { requests: 0, retried: 0, failed: [] };
    const created = new Map<number, Vendor>();
    let writes = 0;
    let stopping = false;
    const milestones = new Map<number, () => void>();
    const reached = (n: number) => new Promise<void>((resolve) => milestones.set(n, resolve));

    const writer = async (w: number) => {
      for (let i = 0; !stopping && figures.failed.length === 0; i++) {
        const body = { name: `Scale Out ${w}-${i}`, contactPerson: `Writer ${w}`, paymentTerms: `Net ${i}` };
        const key = `scale-${w}-${i}`;
        const posted = await withRetries(figures, `POST ${key}`, () =>
          t.owner.post(vendorsEntity.path, body, { headers: { [HEADERS.idempotencyKey]: key } }),
        );
        if (!posted) return;
        if (posted.status !== 201) return void figures.failed.push(`POST ${key} → ${posted.status} ${posted.text}`);
        const vendor = VendorSchema.parse(posted.body);
        expect(created.has(vendor.id)).toBe(false);
        created.set(vendor.id, vendor);
        writes++;
        milestones.get(writes)?.();
        // Read it back from a query instance, waiting for the projection to include it.
        const position = posted.headers.get(HEADERS.eventPosition)!;
        const read = await withRetries(figures, `GET ${vendor.id}`, () =>
          t.owner.get(byId(vendorsEntity.path, vendor.id), { headers: { [HEADERS.minPosition]: position } }),
        );
        if (read && read.status !== 200) figures.failed.push(`GET ${vendor.id} → ${read.status} ${read.text}`);
      }
    };

    const [killCommand, killQuery, stop] = [KILL_COMMAND_AT, KILL_QUERY_AT, STOP_AT].map(reached);
    const started = Date.now();
    const writing = Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));
    const phases = (async () => {
      await killCommand;
      await processNamed('command-1').kill9();
      await killQuery;
      await processNamed('query-1').kill9();
      await stop;
      stopping = true;
    })();
    await Promise.race([phases, writing.then(() => {
      if (!stopping) throw new Error(`writers stopped early: ${figures.failed.join('; ')}\n${t.system.logs()}`);
    })]);
    await writing;
    const seconds = (Date.now() - started) / 1000;
    expect(figures.failed).toEqual([]);
    // Only a request that was in flight on a dying instance may have needed the client again.
    expect(figures.retried).toBeLessThanOrEqual(2 * WRITERS);

    // HAProxy's checks took the dead instances out; the live ones stayed in.
    const stats = await eventually(
      () => readProxyStats(t.system.proxyStatsUrl!),
      (rows) => ['commands/command1', 'queries/query1'].every((s) => rows.find((r) => `${r.backend}/${r.server}` === s)?.status === 'DOWN'),
      { what: 'HAProxy to mark the killed instances DOWN', timeoutMs: 10_000, intervalMs: 100 },
    );
    const statusOf = (s: string) => stats.find((r) => `${r.backend}/${r.server}` === s)?.status;
    expect([statusOf('commands/command2'), statusOf('queries/query2')]).toEqual(['UP', 'UP']);

    // A write without an Idempotency-Key is never replayed, but one that reaches no instance is:
    // every update goes through now that one command instance is dead.
    for (const id of [...created.keys()].slice(0, 10)) {
      const res = await t.owner.put(byId(vendorsEntity.path, id), { ...created.get(id)!, id: undefined, phone: '+91 00000 00009' });
      expect(res.status, res.text).toBe(200);
      created.set(id, VendorSchema.parse(res.body));
    }

    // Nothing acknowledged is lost: every 2xx id is listed, as it was last answered.
    const finalHealth = await eventually(
      health,
      (h) => h.projections.length > 0 && h.projections.every((p) => p.lag === 0 && p.position === h.store.head),
      { what: 'projections caught up', timeoutMs: 60_000, intervalMs: 100 },
    );
    const listed = await t.owner.get(vendorsEntity.path, { headers: { [HEADERS.minPosition]: finalHealth.store.head } });
    const sorted = [...created].sort(([a], [b]) => a - b).map(([, v]) => v);
    expect(z.array(VendorSchema).parse(listed.body).sort((a, b) => a.id - b.id)).toEqual(sorted);

    // Every write is in the log exactly once: no replay appended a second event.
    const types = (await sql<{ type: string; n: number; streams: number }>`
      select type, count(*)::int as n, count(distinct stream_id)::int as streams from events group by type order by type`.execute(t.database.db)).rows;
    expect(types).toEqual([
      { type: 'VendorCreated', n: created.size, streams: created.size },
      { type: 'VendorUpdated', n: 10, streams: 10 },
    ]);

    // And the read model equals a rebuild from position 0.
    const rows = await vendorRows();
    const rebuilt = await runCli(['rebuild', 'vendor_list'], { DATABASE_URL: t.system.databaseUrl! });
    expect(rebuilt.code, rebuilt.output).toBe(0);
    expect(await vendorRows()).toEqual(rows);

    const proxyRetries = stats.filter((r) => r.server === 'BACKEND').map((r) => `${r.backend} ${r.retries}/${r.redispatches}`);
    console.info(
      `scale-out figures: ${figures.requests} requests in ${seconds.toFixed(1)} s (${created.size} writes), ` +
        `${figures.failed.length} failed, ${figures.retried} retried by the client, lost 0; ` +
        `HAProxy retries/redispatches: ${proxyRetries.join(', ')}`,
    );
  }, 180_000);

  it('the Node gateway in front of the same instances sends nothing to the dead ones and logs each failure', async () => {
    // command-1 and query-1 are dead since the test above; the gateway still lists them.
    const direct = new HttpClient(t.system.gatewayUrl!);
    direct.cookies.set(...([...t.owner.cookies][0]!));
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await direct.post(vendorsEntity.path, { name: `Gateway ${i}` });
      statuses.push(res.status);
      statuses.push((await direct.get(byId(vendorsEntity.path, VendorSchema.parse(res.body).id), {
        headers: { [HEADERS.minPosition]: res.headers.get(HEADERS.eventPosition)! },
      })).status);
    }
    expect(statuses).toEqual(Array.from({ length: 10 }, () => [201, 200]).flat());
    const gatewayLogs = processNamed('gateway').logs.join('\n');
    expect(gatewayLogs).toMatch(/"code":"ECONNREFUSED","retry":true,"msg":"gateway: upstream failed"/);
  }, 60_000);
});
