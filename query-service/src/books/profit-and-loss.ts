import {
  type AccountBalance,
  type AmountLine,
  type BalanceSheet,
  type Chart,
  decimal,
  type Decimal,
  isProfitAndLoss,
  type MonthResult,
  type ProfitAndLoss,
  sumMoney,
  toMoney,
  TRADING_ACCOUNTS,
  type Trading,
  valueStock,
} from '@erp/contracts';
import type { ReadDb } from '@erp/projections';

import { movementsUpTo } from '../inventory/valuation';
import { accountTotals, monthBalances } from './journal-sql';
import { booksAsOf, dayBefore } from './year-close';

/**
 * Stock in the books' reports (issue 42). The journal keeps purchases in Purchases and puts
 * only opening stock and adjustments in Stock-in-Hand; the reports bring the stock at cost in as
 * Tally does with accounts integrated: the P&L's trading part (opening stock + purchases + stock
 * brought in otherwise − closing stock = cost of goods sold), and the balance sheet's stock at
 * its value on the day, the profit to date moved by the same difference so that it balances.
 */

const monthEnd = (month: string) => new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).toISOString().slice(0, 10);

const TRADING = new Set<string>(TRADING_ACCOUNTS);
const ZERO = decimal(0);

/** The trading part from a period's balances (debit − credit per ledger) and the stock at its two ends. */
const tradingOf = (balances: ReadonlyMap<string, Decimal>, openingStock: string, closingStock: string): Trading => {
  const of = (code: string) => balances.get(code) ?? ZERO;
  const sales = of('sales').plus(of('sales-returns')).neg();
  const purchases = of('purchases').plus(of('purchase-returns'));
  const broughtIn = of('stock-in-hand');
  const cost = decimal(openingStock).plus(purchases).plus(broughtIn).minus(decimal(closingStock));
  return {
    sales: toMoney(sales),
    openingStock,
    purchases: toMoney(purchases),
    stockBroughtIn: toMoney(broughtIn),
    closingStock,
    costOfGoodsSold: toMoney(cost),
    grossProfit: toMoney(sales.minus(cost)),
  };
};

/** Sales and other income against the cost of goods sold and other expenses. */
const resultOf = (trading: Trading, otherIncome: string, otherExpenses: string) => {
  const income = sumMoney([trading.sales, otherIncome]);
  const expenses = sumMoney([trading.costOfGoodsSold, otherExpenses]);
  return { otherIncome, otherExpenses, income, expenses, netProfit: toMoney(decimal(income).minus(decimal(expenses))) };
};

/** The income and expense ledgers outside the trading part, income as credited, expenses as debited. */
const otherLines = (totals: readonly AccountBalance[]) => {
  const rest = totals.filter((r) => isProfitAndLoss(r.accountType) && !TRADING.has(r.code));
  const income: AmountLine[] = rest.filter((r) => r.accountType === 'income').map((r) => ({ ...r, amount: toMoney(decimal(r.balance).neg()) }));
  const expenses: AmountLine[] = rest.filter((r) => r.accountType === 'expense').map((r) => ({ ...r, amount: r.balance }));
  return { income, expenses };
};

/** A month's other income and expenses from its balances. */
const monthOthers = (chart: Chart, balances: ReadonlyMap<string, Decimal>) => {
  let income = ZERO;
  let expenses = ZERO;
  for (const [code, balance] of balances) {
    if (TRADING.has(code)) continue;
    const type = chart.of(code)?.accountType;
    if (type === 'income') income = income.minus(balance);
    else if (type === 'expense') expenses = expenses.plus(balance);
  }
  return { income: toMoney(income), expenses: toMoney(expenses) };
};

/**
 * A period's profit and loss, and each month's: the journal's totals, its month balances and the
 * stock movements read side by side, then one fold of the movements for every day a stock is needed on.
 */
export const profitAndLoss = async (db: ReadDb, chart: Chart, period: { from: string; to: string; recordedBy: string | null }): Promise<ProfitAndLoss> => {
  const { from, to, recordedBy } = period;
  const [totals, months, movements] = await Promise.all([accountTotals(db, chart, period), monthBalances(db, chart, period), movementsUpTo(db, to, recordedBy)]);
  // Each month runs from the day before it (or before `from`) to its last day (or `to`).
  const spans = [...months.keys()].map((month) => ({ month, opening: dayBefore(`${month}-01` > from ? `${month}-01` : from), closing: monthEnd(month) < to ? monthEnd(month) : to }));
  const values = valueStock(movements, [dayBefore(from), to, ...spans.flatMap((s) => [s.opening, s.closing])]);
  const stockOn = new Map(values.map((v) => [v.date, v.total]));
  const at = (date: string) => stockOn.get(date)!;

  const trading = tradingOf(new Map(totals.map((r) => [r.code, decimal(r.balance)])), at(dayBefore(from)), at(to));
  const { income, expenses } = otherLines(totals);
  const byMonth = spans.map(({ month, opening, closing }): MonthResult => {
    const balances = months.get(month)!;
    const monthTrading = tradingOf(balances, at(opening), at(closing));
    const others = monthOthers(chart, balances);
    return { month, ...monthTrading, ...resultOf(monthTrading, others.income, others.expenses) };
  });
  const result = resultOf(trading, sumMoney(income.map((r) => r.amount)), sumMoney(expenses.map((r) => r.amount)));
  return {
    from, to, recordedBy, trading, income, expenses,
    otherIncome: result.otherIncome, otherExpenses: result.otherExpenses, totalIncome: result.income, totalExpenses: result.expenses, netProfit: result.netProfit,
    byMonth,
  };
};

/**
 * A balance sheet as of a day: Stock-in-Hand at its value at cost (not the journal's, which holds
 * opening stock and adjustments alone); the profit and loss of the years that have ended
 * (`retainedEarnings`, the closes' total) apart from this year's (`profit`), which moves by the
 * same stock difference so that it balances.
 */
export const balanceSheet = async (db: ReadDb, chart: Chart, asOf: string, recordedBy: string | null): Promise<BalanceSheet> => {
  const books = await booksAsOf(db, chart, asOf, recordedBy);
  const totals = books.journalTotals;
  const { closingStock } = books;
  const journalStock = totals.find((r) => r.code === 'stock-in-hand')?.balance ?? '0.00';
  const journalProfit = decimal(sumMoney(totals.filter((r) => isProfitAndLoss(r.accountType)).map((r) => r.balance))).neg();
  const retainedEarnings = books.retainedEarnings;
  const profit = toMoney(journalProfit.plus(decimal(closingStock)).minus(decimal(journalStock)).minus(decimal(retainedEarnings)));
  const stockLine = { ...chart.of('stock-in-hand')!, debit: closingStock, credit: '0.00', balance: closingStock };
  const byCode = new Map<string, AccountBalance>(totals.map((r) => [r.code, r]));
  byCode.set('stock-in-hand', stockLine);
  const assets = chart.accounts.flatMap((a) => {
    const r = byCode.get(a.code);
    return r && r.accountType === 'asset' && !decimal(r.balance).eq(0) ? [{ ...r, amount: r.balance }] : [];
  });
  const liabilities = totals.filter((r) => (r.accountType === 'liability' || r.accountType === 'equity') && !decimal(r.balance).eq(0)).map((r) => ({ ...r, amount: toMoney(decimal(r.balance).neg()) }));
  const totalAssets = sumMoney(assets.map((r) => r.amount));
  const totalLiabilities = sumMoney([...liabilities.map((r) => r.amount), retainedEarnings, profit]);
  return { asOf, recordedBy, financialYearFrom: books.start, assets, liabilities, retainedEarnings, profit, totalAssets, totalLiabilities };
};
