import {
  BANK_RECONCILIATION_PATHS,
  type BookEntry,
  CASH_IN_HAND_PATH,
  type CashInHand,
  decimal,
  type EntriesAnswer,
  indiaDate,
  type LinesAnswer,
  MATCH_WINDOW_DAYS,
  MATCH_WINDOW_MAX,
  matchHolds,
  notFound,
  reconcile,
  ReportQuerySchema,
  type StatementLine,
  suggestMatches,
  toIssues,
  toMoney,
  validationError,
} from '@erp/contracts';
import type Router from '@koa/router';
import type { Context } from 'koa';
import { sql } from 'kysely';
import { z } from 'zod';

import { type ReadDeps, readsFrom } from '../shared/read-your-writes';
import { BANK_READ_MODELS, bankAccountSummaries, bankLedgers, bookEntries, statementLines } from './bank-book';
import { journalLines } from './journal-sql';

/** A query's parameters through its schema; one it does not take is a 400 naming it (never silently ignored). */
const queryOf = <S extends z.ZodObject>(ctx: Context, schema: S): z.output<S> => {
  const known = Object.keys(schema.shape);
  const unknown = Object.keys(ctx.query).filter((name) => !known.includes(name));
  if (unknown.length > 0) throw validationError(`Unknown query parameter: ${unknown.join(', ')}`, unknown.map((name) => ({ path: name, message: known.length > 0 ? `Not a parameter: use ${known.join(' or ')}` : 'This route takes no parameters' })));
  const parsed = schema.safeParse(ctx.query);
  if (!parsed.success) throw validationError('Invalid query', toIssues(parsed.error));
  return parsed.data;
};

const AsOfQuery = ReportQuerySchema.pick({ asOf: true });
const FromQuery = z.object({ from: ReportQuerySchema.shape.from });
const windowParam = z
  .string()
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === '') return MATCH_WINDOW_DAYS;
    if (!/^\d{1,2}$/.test(v) || Number(v) > MATCH_WINDOW_MAX) {
      ctx.addIssue({ code: 'custom', message: `Window is a number of days, 0 to ${MATCH_WINDOW_MAX}` });
      return z.NEVER;
    }
    return Number(v);
  });
const LinesQuery = z.object({ status: z.enum(['all', 'unmatched', 'matched'], { error: 'Status is all, unmatched or matched' }).optional().default('all'), window: windowParam });
const EntriesQuery = z.object({ status: z.enum(['all', 'uncleared', 'cleared'], { error: 'Status is all, uncleared or cleared' }).optional().default('all') });

const today = (deps: ReadDeps) => indiaDate(deps.clock?.() ?? new Date());

/** A line's match marked `changed` when its entries no longer post what they were matched at. */
const withChanges = (lines: readonly StatementLine[], entries: readonly BookEntry[]): StatementLine[] => {
  const current = new Map(entries.map((e) => [e.stream, e]));
  return lines.map((l) => (l.match ? { ...l, match: { ...l.match, changed: !matchHolds(l.match.entries, current) } } : l));
};

/** Cash in hand (issue 43): today's balance and its lowest end-of-day balance from a day on, so a form can warn before it goes below zero. */
const cashInHand = async (deps: ReadDeps, from: string | null): Promise<CashInHand> => {
  const { rows } = await sql<{ date: string; change: string }>`
    select voucher_date::text as date, sum(debit - credit)::text as change from ${journalLines}
    where account = 'cash' group by voucher_date order by voucher_date`.execute(deps.db);
  const asOf = today(deps);
  const upTo = (day: string) => rows.filter((r) => r.date <= day).reduce((sum, r) => sum.plus(decimal(r.change)), decimal(0));
  const start = from ?? rows[0]?.date ?? null;
  const balance = toMoney(upTo(asOf));
  if (start === null) return { balance, asOf, lowest: null };
  // From the balance the first day ends with, then each later day that moved the cash.
  let running = upTo(start);
  let lowest = { date: start, balance: running };
  for (const r of rows.filter((row) => row.date > start)) {
    running = running.plus(decimal(r.change));
    if (running.lt(lowest.balance)) lowest = { date: r.date, balance: running };
  }
  return { balance, asOf, lowest: { date: lowest.date, balance: toMoney(lowest.balance) } };
};

/** Bank reconciliation's reads (issue 43 item 5): the bank ledgers, one's statement as of a date, its lines with suggestions, its entries. */
export const bankReconciliationRoutes = (router: Router, deps: ReadDeps) => {
  const reads = readsFrom(deps, BANK_READ_MODELS);
  const ledgerOf = async (ctx: Context) => {
    const account = String(ctx.params.account);
    const ledger = (await bankLedgers(deps.db)).find((l) => l.code === account);
    if (!ledger) throw notFound(`No bank account ${account.slice(0, 40)}`);
    return ledger;
  };

  router.get(BANK_RECONCILIATION_PATHS.accounts, reads, async (ctx: Context) => {
    queryOf(ctx, z.object({}));
    ctx.body = await bankAccountSummaries(deps.db);
  });

  router.get(BANK_RECONCILIATION_PATHS.statement(':account'), reads, async (ctx: Context) => {
    const { asOf } = queryOf(ctx, AsOfQuery);
    const ledger = await ledgerOf(ctx);
    const [lines, entries] = await Promise.all([statementLines(deps.db, ledger.code), bookEntries(deps.db, ledger.code)]);
    ctx.body = reconcile({ account: ledger.code, accountName: ledger.accountName, asOf: asOf ?? today(deps), lines, entries });
  });

  router.get(BANK_RECONCILIATION_PATHS.lines(':account'), reads, async (ctx: Context) => {
    const { status, window } = queryOf(ctx, LinesQuery);
    const ledger = await ledgerOf(ctx);
    const [stored, entries] = await Promise.all([statementLines(deps.db, ledger.code), bookEntries(deps.db, ledger.code)]);
    const lines = withChanges(stored, entries);
    const matched = new Set(lines.flatMap((l) => l.match?.entries.map((e) => e.stream) ?? []));
    const suggestions = suggestMatches(lines.filter((l) => !l.match), entries.filter((e) => !matched.has(e.stream)), window);
    const shown = lines.filter((l) => status === 'all' || (status === 'matched') === (l.match !== null)).map((l) => ({ ...l, candidates: suggestions.get(l.lineNo) ?? [] }));
    const named = new Set(shown.flatMap((l) => [...l.candidates.map((c) => c.stream), ...(l.match?.entries.map((e) => e.stream) ?? [])]));
    const body: LinesAnswer = { account: ledger.code, window, lines: shown, entries: entries.filter((e) => named.has(e.stream)) };
    ctx.body = body;
  });

  router.get(BANK_RECONCILIATION_PATHS.entries(':account'), reads, async (ctx: Context) => {
    const { status } = queryOf(ctx, EntriesQuery);
    const ledger = await ledgerOf(ctx);
    const [lines, entries] = await Promise.all([statementLines(deps.db, ledger.code), bookEntries(deps.db, ledger.code)]);
    const current = new Map(entries.map((e) => [e.stream, e]));
    const clearing = new Map(lines.filter((l) => l.match && matchHolds(l.match.entries, current)).flatMap((l) => l.match!.entries.map((m) => [m.stream, l] as const)));
    const all = entries.map((e) => ({ ...e, clearedOn: e.opening ? e.date : (clearing.get(e.stream)?.date ?? null), lineNo: clearing.get(e.stream)?.lineNo ?? null }));
    const body: EntriesAnswer = { account: ledger.code, entries: all.filter((e) => status === 'all' || (status === 'cleared') === (e.clearedOn !== null)) };
    ctx.body = body;
  });

  router.get(CASH_IN_HAND_PATH, readsFrom(deps, ['journal']), async (ctx: Context) => {
    const { from } = queryOf(ctx, FromQuery);
    ctx.body = await cashInHand(deps, from);
  });
};
