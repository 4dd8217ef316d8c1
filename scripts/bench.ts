// `npm run bench`: event-store append rate against a plain-INSERT baseline in the same process
// and database, then write→visible lag through the projection runner. Prints figures side by side.
import { randomUUID } from 'node:crypto';

import { START } from '@erp/eventstore';
import { isAtOrAfter, testDatabase, withStore } from '@erp/eventstore/testing';
import { PROJECTIONS, prepareProjections, readCheckpoint, startProjectionRunner } from '@erp/projections';
import { sql } from 'kysely';

import { benchHttp } from './bench-http';
import { benchBooks } from './bench-books';
import { benchGst } from './bench-gst';
import { benchPhone } from './bench-phone';
import { benchRebuild } from './bench-rebuild';

const WRITERS = 8;
const PER_WRITER = 500;
const meta = { userId: 1, username: 'bench', correlationId: 'bench', at: new Date().toISOString() };

const rate = (n: number, ms: number) => Math.round((n / ms) * 1000);
const pct = (xs: number[], p: number) => xs.sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

/**
 * `npm run bench` runs every part; `npm run bench -- writes`, `-- rebuild`, `-- books`, `-- gst` or
 * `-- phone` (the built app on a slowed phone) runs one; `-- rebuild-all` only the revised log's
 * one-pass rebuild (`rebuild --all`), without each read model alone (minutes, not a quarter hour).
 */
const PARTS = ['writes', 'rebuild', 'rebuild-all', 'books', 'gst', 'phone'];
const part = process.argv[2];
if (part !== undefined && !PARTS.includes(part)) {
  console.error(`Unknown part '${part}': use one of ${PARTS.join(', ')}, or none for all`);
  process.exit(2);
}

const main = async () => {
  if (!part || part === 'writes') await benchWrites();
  if (!part || part === 'rebuild') await benchRebuildPart();
  if (part === 'rebuild-all') await benchRebuild(Number(process.env.BENCH_REBUILD_EVENTS ?? 1_000_000), 'revised');
  if (!part || part === 'books') await benchBooksPart();
  if (!part || part === 'gst') await benchOnProjections(benchGst);
  if (!part || part === 'phone') await benchPhone();
};

/** A part on a database of its own, its read models prepared. */
const benchOnProjections = async (run: (t: Awaited<ReturnType<typeof withStore>>) => Promise<void>) => {
  const database = await testDatabase();
  const t = await withStore(database.url, { max: 4 });
  try {
    await prepareProjections(t.db, t.store, PROJECTIONS);
    await run(t);
  } finally {
    await t.close();
    await database.drop();
  }
};
const benchBooksPart = () => benchOnProjections(benchBooks);

const benchWrites = async () => {
  const database = await testDatabase();
  const t = await withStore(database.url, { max: WRITERS + 4 });
  const HTTP_ROUNDS = 200;
  try {
    // First, on the empty store, so the list read stays small and the figure is the wait itself.
    const http = await benchHttp(t, HTTP_ROUNDS);
    await sql`create table baseline (id bigserial primary key, stream_id text, type text, data jsonb)`.execute(t.db);
    const vendor = (i: number) => ({ id: i, name: `Vendor ${i}`, contactPerson: null, phone: null, email: null, address: null, gstNumber: null, panNumber: null, paymentTerms: null, active: true });

    let started = Date.now();
    await Promise.all(Array.from({ length: WRITERS }, async (_, w) => {
      for (let i = 0; i < PER_WRITER; i++) {
        await sql`insert into baseline (stream_id, type, data) values (${`vendor-${w}-${i}`}, 'VendorCreated', ${JSON.stringify(vendor(i))}::jsonb)`.execute(t.db);
      }
    }));
    const baselineMs = Date.now() - started;

    started = Date.now();
    await Promise.all(Array.from({ length: WRITERS }, async (_, w) => {
      for (let i = 0; i < PER_WRITER; i++) {
        await t.store.append([{ streamId: `vendor-${w * PER_WRITER + i + 1}`, expectedVersion: 0, events: [{ eventId: randomUUID(), type: 'VendorCreated', data: vendor(w * PER_WRITER + i + 1) }] }], meta);
      }
    }));
    const appendMs = Date.now() - started;

    await prepareProjections(t.db, t.store, PROJECTIONS);
    started = Date.now();
    const runner = startProjectionRunner(t.db, t.store, t.notifier, PROJECTIONS);
    const end = await t.store.endCursor();
    while (!isAtOrAfter((await readCheckpoint(t.db, 'vendor_list'))?.cursor, end)) await new Promise((r) => setTimeout(r, 10));
    const catchUpMs = Date.now() - started;

    // One append after another, each waited for: by a reader that says so ('wanted', as a read
    // with X-Min-Position does), then by one that only polls (the runner gathers such writes: at most 50 ms).
    const lags: number[] = [];
    const unsaid: number[] = [];
    for (let i = 0; i < 400; i++) {
      const t0 = performance.now();
      const id = 100_000 + i;
      const r = await t.store.append([{ streamId: `vendor-${id}`, expectedVersion: 0, events: [{ eventId: randomUUID(), type: 'VendorCreated', data: vendor(id) }] }], meta);
      const target = await t.store.cursorAt(r.lastPosition);
      if (i < 200) t.notifier.publish('wanted', r.lastPosition);
      for (;;) {
        const c = await readCheckpoint(t.db, 'vendor_list');
        if (target && isAtOrAfter(c?.cursor, target)) break;
        await new Promise((res) => setTimeout(res, 1));
      }
      (i < 200 ? lags : unsaid).push(performance.now() - t0);
    }
    await runner.stop();
    const total = WRITERS * PER_WRITER;
    console.log(`\n${WRITERS} writers × ${PER_WRITER} single-event commands, one PostgreSQL, same process\n`);
    console.log(`| measure                                  | plain INSERT baseline | event store |`);
    console.log(`|------------------------------------------|----------------------:|------------:|`);
    console.log(`| writes/s                                 | ${String(rate(total, baselineMs)).padStart(21)} | ${String(rate(total, appendMs)).padStart(11)} |`);
    console.log(`| projection catch-up from 0 (events/s)    | ${'—'.padStart(21)} | ${String(rate(total, catchUpMs)).padStart(11)} |`);
    console.log(`| write→visible lag p50 / p95 (ms)         | ${'0 (same table)'.padStart(21)} | ${`${pct(lags, 50).toFixed(1)} / ${pct(lags, 95).toFixed(1)}`.padStart(11)} |`);
    console.log(`| the same, the reader only polls (ms)     | ${'0 (same table)'.padStart(21)} | ${`${pct(unsaid, 50).toFixed(1)} / ${pct(unsaid, 95).toFixed(1)}`.padStart(11)} |`);
    console.log(`\nHTTP, ${HTTP_ROUNDS} rounds of POST /api/purchase/vendors then GET the list (command and query apps on sockets)\n`);
    console.log(`| measure                                  | GET without wait      | X-Min-Position |`);
    console.log(`|------------------------------------------|----------------------:|---------------:|`);
    console.log(`| lists missing the vendor just written    | ${`${http.missesWithout} of ${HTTP_ROUNDS}`.padStart(21)} | ${`${http.missesWithWait} of ${HTTP_ROUNDS}`.padStart(14)} |`);
    console.log(`| POST→list showing it, p50 / p95 (ms)     | ${'—'.padStart(21)} | ${`${pct(http.withWait, 50).toFixed(1)} / ${pct(http.withWait, 95).toFixed(1)}`.padStart(14)} |`);
    const check = await t.store.readAll(START, 1);
    if (check.events.length === 0) throw new Error('nothing appended');
  } finally {
    await t.close();
    await database.drop();
  }
};

// The rebuild on databases of its own, so each log holds only its events.
const benchRebuildPart = () => benchRebuild(Number(process.env.BENCH_REBUILD_EVENTS ?? 1_000_000));
main().then(() => process.exit(0), (e: unknown) => { console.error(e); process.exit(1); });
