// The GST part of `npm run bench` (issue 44): the books part's month of 10,000 GST sales invoices
// (BENCH_BOOKS_INVOICES; 200 customers, half registered) folded by every read model, then a
// month's GSTR-1, GSTR-3B and tie-out timed as their routes compute them (goal: each < 1 s).
import { gstr1 } from '@erp/contracts';
import type { StoreUnderTest } from '@erp/eventstore/testing';
import { PROJECTIONS, rebuildProjections } from '@erp/projections';
import { sql } from 'kysely';

import { gstr1Documents } from '../query-service/src/books/gstr1.route';
import { monthReturns, monthTieOut } from '../query-service/src/gst/returns';
import { fill } from './bench-books';

const PER_MONTH = Number(process.env.BENCH_BOOKS_INVOICES ?? 10_000);
const RUNS = 5;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const timed = async (run: () => Promise<unknown>) => {
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await run();
    ms.push(performance.now() - started);
  }
  return median(ms);
};

export const benchGst = async (t: StoreUnderTest) => {
  await fill(t);
  await rebuildProjections(t.db, t.store, PROJECTIONS);
  await sql`analyze`.execute(t.db);
  const deps = { db: t.db };
  const tie = await monthTieOut(deps, '2026-04');
  if (!tie.ready) throw new Error('the bench month does not tie out');
  const figures = [
    {
      what: 'GSTR-1',
      ms: await timed(async () => {
        const documents = await gstr1Documents(t.db, '2026-04-01', '2026-04-30');
        return gstr1({ gstin: '27AAPFU0939F1ZV', year: 2026, month: 4, documents });
      }),
    },
    { what: 'GSTR-3B (with the ITC seam)', ms: await timed(() => monthReturns(deps, '2026-04', 'supply')) },
    { what: 'tie-out (books, GSTR-1, GSTR-3B)', ms: await timed(() => monthTieOut(deps, '2026-04')) },
  ];
  console.log(`\nGST: April, ${PER_MONTH.toLocaleString('en-US')} GST sales invoices (the books part's data); median of ${RUNS}; goal < 1 s each\n`);
  console.log('| return                                   | time      |');
  console.log('|------------------------------------------|----------:|');
  for (const f of figures) console.log(`| ${f.what.padEnd(40)} | ${`${f.ms.toFixed(1)} ms`.padStart(9)} |`);
};
