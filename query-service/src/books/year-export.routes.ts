import { BOOKS_PATHS, periodOf, validationError } from '@erp/contracts';
import type Router from '@koa/router';
import type { Context } from 'koa';

import { type ReadDeps, readsFrom, todayInIndia } from '../shared/read-your-writes';
import { businessOfRow } from '../settings/business.routes';
import { BOOKS_READ_MODELS, chartOf } from './journal-sql';
import { PERIOD_PARAMS, reportQuery } from './ledger.routes';
import { dayBookLines, exportCsv, exportPdf, ledgerLines } from './year-export';

const formatOf = (ctx: Context) => {
  const format = ctx.query.format ?? 'csv';
  if (format !== 'csv' && format !== 'pdf') throw validationError('Invalid query', [{ path: 'format', message: 'Format must be csv or pdf' }]);
  return format;
};

/** The day book and the ledgers of a period (`fy=2025-26`) to download, as CSV or PDF (issue 43 item 6). */
export const yearExportRoutes = (router: Router, deps: ReadDeps) => {
  const reads = readsFrom(deps, BOOKS_READ_MODELS);
  const exports = [
    { path: BOOKS_PATHS.dayBookExport, name: 'day-book', title: 'Day book', lines: dayBookLines, withBalance: false },
    { path: BOOKS_PATHS.ledgersExport, name: 'ledgers', title: 'Ledgers', lines: ledgerLines, withBalance: true },
  ];
  for (const e of exports) {
    router.get(e.path, reads, async (ctx: Context) => {
      const format = formatOf(ctx);
      const query = reportQuery(ctx, [...PERIOD_PARAMS, 'format']);
      const period = periodOf(query, todayInIndia(deps));
      const lines = await e.lines(deps.db, await chartOf(deps.db), { ...period, recordedBy: query.recordedBy });
      const file = `${e.name}-${period.from}-to-${period.to}.${format}`;
      ctx.set('Content-Disposition', `attachment; filename="${file}"`);
      if (format === 'csv') {
        ctx.type = 'text/csv; charset=utf-8';
        ctx.body = exportCsv(lines, e.withBalance);
      } else {
        ctx.type = 'application/pdf';
        ctx.body = await exportPdf(e.title, period, lines, e.withBalance, await businessOfRow(deps));
      }
    });
  }
};
