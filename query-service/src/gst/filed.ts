import {
  amendmentPlace,
  conflict,
  FILED_RETURNS,
  type FiledReturn,
  gstr1Amendments,
  Gstr1SectionsSchema,
  nextPeriod,
} from '@erp/contracts';
import { gstFilingsTable, PROJECTIONS } from '@erp/projections';
import { sql } from 'kysely';
import { z } from 'zod';

import { type ReadDeps, waitUntilApplied } from '../shared/read-your-writes';
import { gstr1Of, monthReturns } from './returns';

/** How long a filing waits for the read models to apply everything committed before it. */
const CATCH_UP_MS = 5000;

/** Both returns, each a plain JSON object (what a filing keeps). */
const PlainReturns = z.record(z.enum(FILED_RETURNS), z.record(z.string(), z.unknown()));

/** A month's returns as the portal takes them, plain JSON. */
const returnsOf = async (deps: Pick<ReadDeps, 'db'>, period: string): Promise<Record<FiledReturn, Record<string, unknown>>> => {
  const month = await monthReturns(deps, period, 'hsn');
  return PlainReturns.parse(JSON.parse(JSON.stringify({ gstr1: gstr1Of(month), gstr3b: month.gstr3b.json })));
};

/**
 * A month's returns as they stand now, for a filing to keep (issue 44 item 4): computed once every
 * read model has applied the end of the log as it is now, with that position. Refused (409, try
 * again) when the read models do not get there within 5 s.
 */
export const gstReturnsNow = (deps: ReadDeps) => async (period: string) => {
  const head = await deps.store.headPosition();
  const target = head === '0' ? null : await deps.store.cursorAt(head);
  if (target && (await waitUntilApplied(deps, PROJECTIONS.map((p) => p.name), target, CATCH_UP_MS)) !== 'yes') {
    throw conflict('The reports are still catching up with the latest changes; try again in a moment');
  }
  return { position: head, returns: await returnsOf(deps, period) };
};

export interface FilingRow {
  readonly return: FiledReturn;
  readonly period: string;
  readonly arn: string;
  readonly filedOn: string;
  readonly position: string;
  readonly json: Record<string, unknown>;
  readonly markedAt: string;
  readonly markedBy: string | null;
}

/** Every filing of these returns, oldest period first. */
export const filingsOf = async (deps: Pick<ReadDeps, 'db'>, periods?: { readonly from: string }): Promise<FilingRow[]> => {
  const { rows } = await sql<FilingRow & { markedAt: Date | string }>`
    select return_type as "return", period, arn, filed_on as "filedOn", position, json, marked_at as "markedAt", marked_by as "markedBy"
    from ${sql.table(gstFilingsTable.name)}
    where ${periods ? sql`period >= ${periods.from}` : sql`true`}
    order by period, return`.execute(deps.db);
  return rows.map((r) => ({ ...r, markedAt: new Date(r.markedAt).toISOString() }));
};

/** The first month after `period` whose GSTR-1 is not filed. */
const firstUnfiledAfter = (period: string, filedGstr1: ReadonlySet<string>) => {
  let next = nextPeriod(period);
  while (filedGstr1.has(next)) next = nextPeriod(next);
  return next;
};

/**
 * What was filed for a month beside the return as it stands now and, for GSTR-1, the amendments
 * that report the difference: in its GSTR-1A while its GSTR-3B is not filed, else in the next
 * GSTR-1 not yet filed.
 */
export const filedAndNow = async (deps: Pick<ReadDeps, 'db'>, ret: FiledReturn, period: string) => {
  const [filings, now] = await Promise.all([filingsOf(deps, { from: period }), returnsOf(deps, period)]);
  const filing = filings.find((f) => f.return === ret && f.period === period) ?? null;
  const current = now[ret];
  const gstr1Filed = new Set(filings.filter((f) => f.return === 'gstr1').map((f) => f.period));
  const gstr3bFiled = filings.some((f) => f.return === 'gstr3b' && f.period === period);
  const place = amendmentPlace(period, gstr3bFiled, firstUnfiledAfter(period, gstr1Filed));
  const amendments = filing && ret === 'gstr1' ? { place, rows: gstr1Amendments(Gstr1SectionsSchema.parse(filing.json), Gstr1SectionsSchema.parse(current), place) } : null;
  if (!filing) return { return: ret, period, filing: null, filed: null, now: current, changed: null, amendments };
  const { json, ...filed } = filing;
  return { return: ret, period, filing: filed, filed: json, now: current, changed: JSON.stringify(sorted(json)) !== JSON.stringify(sorted(current)), amendments };
};

/** Keys in one order, so a copy read back from jsonb compares with the return computed now. */
const sorted = (value: unknown): unknown =>
  Array.isArray(value) ? value.map(sorted) : value !== null && typeof value === 'object' ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, v]) => [k, sorted(v)])) : value;
