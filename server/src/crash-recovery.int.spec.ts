import { api, byId, HEADERS, type Vendor, VendorSchema, vendorsEntity } from '@erp/contracts';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { LiveHealthSchema } from './testing/health';
import { eventually } from './testing/http-client';
import { runCli, startServices } from './testing/run-modes';
import { signedInSystem } from './testing/signed-in-system';

/**
 * Services mode under fire: while writers keep creating, updating and deleting vendors, both
 * projection workers are killed with SIGKILL (one after the other), writing goes on with no
 * worker at all, then they come back. Once caught up, the read model must equal both the
 * successful writes and a rebuild from position 0.
 */

const WRITERS = 2;
const KILL_FIRST_AT = 40;
const KILL_SECOND_AT = 80;
const RESTART_AT = 120;
const STOP_AT = 160;

/** What the writers know happened: the record and its stream version, or deleted. */
interface Expected {
  record: Vendor | null;
  version: number;
}

describe('crash recovery, services mode', () => {
  const t = signedInSystem(() => startServices());

  const vendorRows = async () =>
    (await sql<Record<string, unknown>>`select * from vendor_list where not deleted order by id`.execute(t.database.db)).rows;

  it('kill -9 of both projection workers mid-stream loses nothing and applies nothing twice', async () => {
    const expected = new Map<number, Expected>();
    const counts = { created: 0, updated: 0, deleted: 0 };
    const failures: string[] = [];
    let writes = 0;
    let stopping = false;
    const milestones = new Map<number, () => void>();
    const reached = (n: number) => new Promise<void>((resolve) => milestones.set(n, resolve));
    const wrote = () => {
      writes++;
      milestones.get(writes)?.();
    };

    const writer = async (w: number) => {
      const mine: number[] = [];
      for (let i = 0; !stopping && failures.length === 0; i++) {
        if (i % 3 === 2 && mine.length > 0) {
          // Update one of this writer's own vendors (no If-Match: the seed's behaviour).
          const id = mine[(i * 7) % mine.length]!;
          const current = expected.get(id)!;
          const res = await t.owner.put(byId(vendorsEntity.path, id), {
            ...current.record!,
            id: undefined,
            phone: `${w}-${i}`,
          });
          if (res.status !== 200) failures.push(`PUT ${id} → ${res.status} ${res.text}`);
          else {
            expected.set(id, { record: VendorSchema.parse(res.body), version: Number(res.headers.get('etag')!.replaceAll('"', '')) });
            counts.updated++;
          }
        } else if (i % 11 === 10 && mine.length > 1) {
          const id = mine.shift()!;
          const res = await t.owner.delete(byId(vendorsEntity.path, id));
          if (res.status !== 204) failures.push(`DELETE ${id} → ${res.status} ${res.text}`);
          else {
            expected.set(id, { record: null, version: expected.get(id)!.version + 1 });
            counts.deleted++;
          }
        } else {
          const res = await t.owner.post(vendorsEntity.path, { name: `Crash Test ${w}-${i}`, contactPerson: `Writer ${w}`, paymentTerms: `Net ${i}` });
          if (res.status !== 201) failures.push(`POST → ${res.status} ${res.text}`);
          else {
            const record = VendorSchema.parse(res.body);
            expect(expected.has(record.id)).toBe(false);
            expected.set(record.id, { record, version: 1 });
            mine.push(record.id);
            counts.created++;
          }
        }
        wrote();
      }
    };

    const [killFirst, killSecond, restart, stop] = [KILL_FIRST_AT, KILL_SECOND_AT, RESTART_AT, STOP_AT].map(reached);
    const writing = Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));
    const health = async () => LiveHealthSchema.parse((await t.owner.get(api.health)).body);
    const vendorListPosition = (h: z.infer<typeof LiveHealthSchema>) => BigInt(h.projections.find((p) => p.name === 'vendor_list')!.position);
    let lagWithoutWorkers = 0;
    const phases = (async () => {
      await killFirst;
      await t.system.kill9Projections!(0);
      // The survivor takes the lead: it gets past everything written before the first kill.
      const headAtFirstKill = BigInt((await health()).store.head);
      await eventually(health, (h) => vendorListPosition(h) >= headAtFirstKill, { what: 'the surviving worker to take over', timeoutMs: 30_000 });
      await killSecond;
      await t.system.kill9Projections!(1);
      await restart;
      lagWithoutWorkers = (await health()).projections.find((p) => p.name === 'vendor_list')!.lag;
      await t.system.startProjections!();
      await stop;
      stopping = true;
    })();
    await Promise.race([phases, writing.then(() => {
      if (!stopping) throw new Error(`writers stopped early: ${failures.join('; ')}`);
    })]);
    await writing;
    expect(failures).toEqual([]);
    expect(counts.created).toBeGreaterThan(50);
    expect(counts.updated).toBeGreaterThan(20);
    expect(counts.deleted).toBeGreaterThan(3);

    // Both workers are back and catch up with the whole log (no sleep: health says when).
    const workers = t.system.processes.filter((p) => p.name.startsWith('projections-') && p.isRunning());
    expect(workers).toHaveLength(2);
    // Writing went on with no worker at all: the read model fell behind, then caught up.
    expect(lagWithoutWorkers).toBeGreaterThan(0);
    const finalHealth = await eventually(
      health,
      (h) => h.projections.length > 0 && h.projections.every((p) => p.lag === 0 && p.position === h.store.head),
      { what: 'projections caught up after the restart', timeoutMs: 60_000, intervalMs: 100 },
    );

    // The log holds exactly the successful writes: nothing lost, nothing appended twice.
    const types = (await sql<{ type: string; n: number }>`
      select type, count(*)::int as n from events group by type order by type`.execute(t.database.db)).rows;
    expect(Object.fromEntries(types.map((t) => [t.type, t.n]))).toEqual({
      VendorCreated: counts.created,
      VendorUpdated: counts.updated,
      VendorDeleted: counts.deleted,
    });

    // The read model equals the successful writes: every live vendor exactly once, at the
    // version and with the fields of its last write; every deleted one gone.
    const live = [...expected].filter(([, e]) => e.record !== null).sort(([a], [b]) => a - b);
    const rows = await vendorRows();
    expect(rows.map((r) => r.id)).toEqual(live.map(([id]) => id));
    for (const [id, e] of live) {
      const row = rows.find((r) => r.id === id)!;
      expect({ id: row.id, name: row.name, phone: row.phone, version: row.version }).toEqual({
        id,
        name: e.record!.name,
        phone: e.record!.phone,
        version: e.version,
      });
    }
    const listed = await t.owner.get(vendorsEntity.path, { headers: { [HEADERS.minPosition]: finalHealth.store.head } });
    expect(z.array(VendorSchema).parse(listed.body).sort((a, b) => a.id - b.id)).toEqual(live.map(([, e]) => e.record));

    // And it equals a rebuild from position 0 (`npm run erp -- rebuild vendor_list`), column for column.
    const rebuilt = await runCli(['rebuild', 'vendor_list'], { DATABASE_URL: t.system.databaseUrl! });
    expect(rebuilt.code, rebuilt.output).toBe(0);
    expect(rebuilt.output).toMatch(/rebuilt vendor_list: \d+ events of its types up to position \d+, the log \d+ events/);
    expect(await vendorRows()).toEqual(rows);
  }, 180_000);
});
