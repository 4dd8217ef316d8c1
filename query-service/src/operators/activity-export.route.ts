import { ActivityQuerySchema, api, csvRow, type ActivityRow, checkPeriod, financialYearDates, FinancialYearParam, indiaDate, toIssues, validationError } from '@erp/contracts';
import type { EventStore } from '@erp/eventstore';
import type { ReadDb } from '@erp/projections';
import type Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';

import { readActivity } from './activity.route';

/** A period of the export: `fy=2025-26`, or `from` and `to` (India's days); at most ten years. */
const ExportQuery = z.object({ fy: FinancialYearParam, from: ActivityQuerySchema.shape.from, to: ActivityQuerySchema.shape.to });

const periodOf = (ctx: Context, today: string) => {
  const parsed = ExportQuery.safeParse(ctx.query);
  if (!parsed.success) throw validationError('Invalid query', toIssues(parsed.error));
  const { fy, from, to } = parsed.data;
  if (fy && (from || to)) throw validationError('Ask for a financial year or for dates, not both', [{ path: 'fy', message: 'Financial year cannot be given with from or to' }]);
  if (fy) return financialYearDates(fy);
  const last = to ?? today;
  const first = from ?? `${Number(last.slice(0, 4)) - (Number(last.slice(5, 7)) >= 4 ? 0 : 1)}-04-01`;
  checkPeriod(first, last);
  return { from: first, to: last };
};

/** A value as the CSV shows it: text as it is, anything else as JSON, nothing blank. */
const shown = (value: unknown) => (value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value));

/** One line per field an event changed (one for an event that names none): when, who, what, before → after. */
const linesOf = (row: ActivityRow) => {
  const head = [row.at, row.user ?? '', `${row.label}${row.recordId === null ? '' : ` #${row.recordId}`}`, row.streamId, row.type];
  const changes = row.changes.length > 0 ? row.changes : [{ field: '', from: null, to: null }];
  return changes.map((c) => csvRow([...head, c.field, shown(c.from), shown(c.to)]));
};

/**
 * The audit trail of a period as CSV, oldest first (issue 43 item 6): every change from the
 * activity log, for the auditor, without the operator CLI. The `audit` permission (the owner's).
 */
export const activityExportRoute = (router: Router, db: ReadDb, store: EventStore, clock: () => Date = () => new Date()) => {
  router.get(api.activityExport, async (ctx: Context) => {
    const { from, to } = periodOf(ctx, indiaDate(clock()));
    const rows: ActivityRow[] = [];
    let before: string | undefined;
    do {
      const page = await readActivity(db, store, { from, to, before, limit: 200 });
      rows.push(...page.rows);
      before = page.next ?? undefined;
    } while (before);
    const header = csvRow(['Time', 'User', 'Record', 'Stream', 'Event', 'Field', 'Before', 'After']);
    ctx.type = 'text/csv; charset=utf-8';
    ctx.set('Content-Disposition', `attachment; filename="audit-trail-${from}-to-${to}.csv"`);
    ctx.body = `${[header, ...rows.reverse().flatMap(linesOf)].join('\r\n')}\r\n`;
  });
};
