import { deadlines, type DeadlinesAnswer, GST_DEADLINES_PATH, indiaDate, nextPeriod, returnKinds, snakeCase, yearAndMonth } from '@erp/contracts';
import { gstFilingsTable, invoiceTable } from '@erp/projections';
import type Router from '@koa/router';
import { sql } from 'kysely';
import type { Context } from 'koa';

import { notOpening } from '../books/not-opening';
import { refuseUnknown } from '../shared/refuse-unknown';
import { type ReadDeps, readsFrom } from '../shared/read-your-writes';
import { filingsOf } from './filed';

const GST_DOCUMENTS = [...returnKinds('outward'), ...returnKinds('inward')].map((k) => k.doc);
/** The months listed at most: past the three-year bar and a little more. */
const MONTHS_BACK = 40;

const monthsBefore = (period: string, count: number) => {
  const { year: y, month: m } = yearAndMonth(period);
  const index = y * 12 + (m - 1) - count;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
};

/** The first month with a GST document or a filing, no earlier than MONTHS_BACK before this one. */
const firstMonth = async (deps: Pick<ReadDeps, 'db'>, thisMonth: string, filed: readonly string[]) => {
  const earliest = await Promise.all(
    GST_DOCUMENTS.map(async (doc) => {
      const table = invoiceTable(doc);
      const { rows } = await sql<{ first: string | null }>`
        select to_char(min(${sql.ref(snakeCase(doc.dateField))}), 'YYYY-MM') as first from ${sql.table(table.name)} where true${notOpening(doc)}`.execute(deps.db);
      return rows[0]?.first ?? null;
    }),
  );
  const months = [...earliest, ...filed].filter((m): m is string => m !== null).sort();
  if (months.length === 0) return null;
  const floor = monthsBefore(thisMonth, MONTHS_BACK);
  return months[0]! < floor ? floor : months[0]!;
};

/**
 * GET /api/gst/deadlines (issue 44 item 5): each month's GSTR-1 and GSTR-3B from the first month
 * with a GST document (at most 40 months back) to this one, newest first: due date, filed or not
 * (ARN, days late), and a warning when an unfiled return nears the three-year bar or is past it.
 */
export const deadlinesRoute = (router: Router, deps: ReadDeps) => {
  const tables = [...GST_DOCUMENTS.map((d) => d.listTable), gstFilingsTable.name];
  router.get(GST_DEADLINES_PATH, readsFrom(deps, tables), async (ctx: Context) => {
    refuseUnknown(ctx, []);
    const today = indiaDate(deps.clock?.() ?? new Date());
    const thisMonth = today.slice(0, 7);
    const filings = await filingsOf(deps);
    const first = await firstMonth(deps, thisMonth, filings.map((f) => f.period));
    const periods: string[] = [];
    for (let p = first; p !== null && p <= thisMonth; p = nextPeriod(p)) periods.push(p);
    const filed = new Map(filings.map((f) => [`${f.return}:${f.period}`, { filedOn: f.filedOn, arn: f.arn }]));
    const body: DeadlinesAnswer = { today, deadlines: deadlines(periods, filed, today) };
    ctx.body = body;
  });
};
