// `npx tsx scripts/bench-lock-check.ts [pairs=600]`: what the books' lock check costs a dated write, at the event store
// (issue 43): before, a read of the lock stream then an append checking its version; now, an append with the lock as a
// guard (erp_guard) and no read. Blocks of 50 alternate on one scratch database (DATABASE_URL's server); one writer.
import { randomUUID } from 'node:crypto';

import type { EventMetadataInput } from '@erp/eventstore';
import { testDatabase, withStore } from '@erp/eventstore/testing';

const pairs = Number(process.argv[2] ?? 600);
const database = await testDatabase();
const s = await withStore(database.url, { max: 4 });
const metadata: EventMetadataInput = { userId: 1, username: 'bench', correlationId: 'bench', at: new Date().toISOString() };
const LOCK = 'period-lock:books';
await s.store.append([{ streamId: LOCK, expectedVersion: 0, events: [{ type: 'PeriodLocked', data: { scope: 'books', upTo: '2020-03-31', was: null, reason: null }, eventId: randomUUID() }] }], metadata);
const voucher = (i: number) => ({ streamId: `journal-voucher-${i}`, expectedVersion: 0, events: [{ type: 'JournalVoucherRecorded', data: { id: i, lines: [{ account: 'rent', debit: '100.00' }, { account: 'cash', credit: '100.00' }] }, eventId: randomUUID() }] });
let next = 1;
const before = async () => {
  const { version } = await s.store.readStream(LOCK);
  await s.store.append([voucher(next++), { streamId: LOCK, expectedVersion: version, events: [] }], metadata);
};
const now = async () => {
  await s.store.append([voucher(next++), { streamId: LOCK, expectedVersion: 1, events: [], guard: true }], metadata);
};
const times: Record<string, number[]> = { before: [], now: [] };
for (let block = 0; block < pairs / 50; block++) {
  for (const [name, run] of block % 2 === 0 ? ([['before', before], ['now', now]] as const) : ([['now', now], ['before', before]] as const)) {
    for (let i = 0; i < 50; i++) {
      const t = performance.now();
      await run();
      times[name]!.push(performance.now() - t);
    }
  }
}
const pct = (a: number[], p: number) => [...a].sort((x, y) => x - y)[Math.min(a.length - 1, Math.floor(a.length * p))]!.toFixed(3);
for (const [name, t] of Object.entries(times)) console.log(`${name}: ${t.length} writes, p50 ${pct(t, 0.5)} ms, p90 ${pct(t, 0.9)} ms, p99 ${pct(t, 0.99)} ms`);
await s.close();
await database.drop();
