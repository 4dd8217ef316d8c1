import { api, HEADERS, RecordedEventSchema, vendorsEntity } from '@erp/contracts';
import { MASTER_DATA_SAMPLES } from '@erp/contracts/testing';
import { type TestDatabase, testDatabase, testPool } from '@erp/eventstore/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import { HttpClient } from './testing/http-client';
import { type RunningSystem, startOneProcess } from './testing/run-modes';

/**
 * Issue 18 item 4: integrators page GET /api/events. While 8 clients write, a pager that follows
 * X-Next-After sees every event exactly once, in the order the projections read them — never
 * skipping one that took a lower position but committed later.
 */
describe('the event feed under concurrent writers', () => {
  let database: TestDatabase;
  let system: RunningSystem;
  let owner: HttpClient;
  let pool: pg.Pool;

  beforeAll(async () => {
    database = await testDatabase();
    pool = testPool(database.url);
    system = await startOneProcess(database.url);
    owner = new HttpClient(system.baseUrl);
    await owner.setup('owner', 'correct horse battery staple');
  }, 120_000);
  afterAll(async () => {
    await system?.stop();
    await pool?.end();
    await database?.drop();
  }, 60_000);

  it('a pager following X-Next-After sees every event once while 8 clients write', async () => {
    const seen: string[] = [];
    let after = '0';
    let writing = true;
    let pages = 0;
    const pager = (async () => {
      for (;;) {
        const done = !writing;
        const res = await owner.get<unknown[]>(`${api.events}?after=${after}&limit=37`);
        expect(res.status, res.text).toBe(200);
        const events = z.array(RecordedEventSchema).parse(res.body);
        seen.push(...events.map((e) => e.eventId));
        const next = res.headers.get(HEADERS.nextAfter);
        expect(next, 'every page says where the next starts').toMatch(/^\d+_\d+$/);
        after = next!;
        pages += 1;
        if (done && events.length === 0) return;
      }
    })();
    const until = Date.now() + 4000;
    await Promise.all(
      Array.from({ length: 8 }, async (_, w) => {
        const writer = new HttpClient(system.baseUrl);
        for (const [k, v] of owner.cookies) writer.cookies.set(k, v);
        // At least 15 each however slow the machine, and on for 4 s while it is fast.
        for (let i = 0; i < 15 || Date.now() < until; i++) {
          const res = await writer.post(vendorsEntity.path, MASTER_DATA_SAMPLES.vendors!.body(`w${w}-${i}`));
          expect(res.status).toBe(201);
        }
      }),
    );
    writing = false;
    await pager;
    const all = (await pool.query<{ event_id: string }>('select event_id::text from events order by transaction_id, position')).rows.map((r) => r.event_id);
    expect(all.length).toBeGreaterThan(100);
    expect(new Set(seen).size, 'no event twice').toBe(seen.length);
    expect(seen, 'every event, in the global order').toEqual(all);
    console.log(`[event feed] ${all.length} events written by 8 clients, paged in ${pages} pages, 0 skipped, 0 repeated`);
  }, 60_000);

  it('an old-style position, a type filter and a bad cursor', async () => {
    const all = await owner.get<{ position: string; type: string }[]>(`${api.events}?limit=1000`);
    const third = all.body[2]!;
    const fromPosition = await owner.get<{ position: string }[]>(`${api.events}?after=${third.position}&limit=2`);
    expect(fromPosition.body.map((e) => e.position)).toEqual(all.body.slice(3, 5).map((e) => e.position));
    const created = await owner.get<{ type: string }[]>(`${api.events}?type=VendorCreated&limit=5`);
    expect(created.body.every((e) => e.type === 'VendorCreated')).toBe(true);
    for (const bad of ['abc', '1_x', '99999999999999999999_1', '-1']) {
      const res = await owner.get(`${api.events}?after=${bad}`);
      expect(res.status, bad).toBe(400);
    }
  });
});
