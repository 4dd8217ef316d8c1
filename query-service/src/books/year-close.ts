import {
  type AccountBalance,
  type Chart,
  closingPosting,
  decimal,
  financialYearStart,
  isProfitAndLoss,
  RETAINED_EARNINGS,
  sumMoney,
  toMoney,
  type TrialBalance,
} from '@erp/contracts';
import type { ReadDb } from '@erp/projections';

import { stockValues } from '../inventory/valuation';
import { accountTotals } from './journal-sql';

const DAY_MS = 86_400_000;
export const dayBefore = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);

/**
 * The books as of a day with every financial year before its own closed (issue 43 item 2): the
 * balance-sheet ledgers from the beginning, the income and expense ledgers from 1 April of the
 * day's year, Stock-in-Hand at the year's opening stock (plus this year's adjustments), and the
 * Profit and Loss Account with the years before. The close is read from the journal each time:
 * a late entry into an ended year moves it by its amount, and a rebuild gives the same figures.
 */
export const booksAsOf = async (db: ReadDb, chart: Chart, asOf: string, recordedBy: string | null) => {
  const start = financialYearStart(asOf);
  const yearEnd = dayBefore(start);
  const [all, thisYear, before, stock] = await Promise.all([
    accountTotals(db, chart, { to: asOf, recordedBy }),
    accountTotals(db, chart, { from: start, to: asOf, recordedBy }),
    accountTotals(db, chart, { to: yearEnd, recordedBy }),
    stockValues(db, [yearEnd, asOf], recordedBy),
  ]);
  const journalStock = before.find((r) => r.code === 'stock-in-hand')?.balance ?? '0.00';
  const close = closingPosting(before, { journal: journalStock, value: stock[0]!.total });
  const closed = new Map(close.lines.map((l) => [l.code, decimal(l.amount)]));
  const withClose = (r: AccountBalance, add = closed.get(r.code)): AccountBalance => {
    if (!add) return r;
    const debit = decimal(r.debit).plus(add.gt(0) ? add : 0);
    const credit = decimal(r.credit).plus(add.lt(0) ? add.neg() : 0);
    return { ...r, debit: toMoney(debit), credit: toMoney(credit), balance: toMoney(debit.minus(credit)) };
  };
  const zero = (a: { code: string }) => ({ ...chart.of(a.code)!, debit: '0.00', credit: '0.00', balance: '0.00' });
  const rows: AccountBalance[] = chart.accounts.flatMap((a) => {
    if (isProfitAndLoss(a.accountType)) return thisYear.filter((r) => r.code === a.code);
    const r = all.find((t) => t.code === a.code) ?? (closed.has(a.code) ? zero(a) : null);
    return r ? [withClose(r)] : [];
  });
  const retained = closed.get(RETAINED_EARNINGS.code);
  // Under capital, after the other equity ledgers.
  const at = rows.map((r) => r.accountType).lastIndexOf('equity');
  if (retained) rows.splice(at >= 0 ? at + 1 : rows.length, 0, withClose({ ...RETAINED_EARNINGS, debit: '0.00', credit: '0.00', balance: '0.00' }));
  return { asOf, start, rows, closingStock: stock[1]!.total, retainedEarnings: close.profit, journalTotals: all };
};

/** The trial balance as of a day: each ledger's closing balance on its side, the years before closed. */
export const trialBalanceOf = async (db: ReadDb, chart: Chart, asOf: string, recordedBy: string | null): Promise<TrialBalance> => {
  const books = await booksAsOf(db, chart, asOf, recordedBy);
  const rows = books.rows.filter((r) => !decimal(r.balance).eq(0)).map((r) => {
    const b = decimal(r.balance);
    return { ...r, debit: b.gt(0) ? toMoney(b) : '0.00', credit: b.lt(0) ? toMoney(b.neg()) : '0.00' };
  });
  return { asOf, recordedBy, financialYearFrom: books.start, rows, totalDebit: sumMoney(rows.map((r) => r.debit)), totalCredit: sumMoney(rows.map((r) => r.credit)), closingStock: books.closingStock };
};
