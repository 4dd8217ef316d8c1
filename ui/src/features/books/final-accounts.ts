import { type AmountLine, type BalanceSheet, BalanceSheetAnswerSchema, BOOKS_PATHS, decimal, type ProfitAndLoss, ProfitAndLossAnswerSchema } from '@erp/contracts';
import type { z } from 'zod';

import { BLUE, GREEN, moneyAxis, plotted, RED } from '@/components/chart-spec';
import { formatMoney } from '@/lib/format';

import type { ReportConfig, ReportTable } from './report-screen';
import { query } from './reports';

/**
 * The final accounts (issue 42): the profit and loss with its trading part — what the goods sold
 * cost, from the stock at cost at both ends of the period — and the balance sheet, its stock at
 * the same value the Inventory Report shows.
 */

/** A column of the same figures a year earlier, when the server sent them (`compare=previous-year`). */
const PREVIOUS = { label: 'Year before', numeric: true };
type Total = { label: string; amount: string; previous?: string };
/** A ledger as the final accounts show it: its name and group, and its amount on the side shown. */
type Line = Pick<AmountLine, 'code' | 'accountName' | 'accountGroup' | 'amount'>;

const balancesTable = (heading: string, rows: readonly Line[], total: Total[], previous?: readonly Line[]): ReportTable => {
  // Ledgers the year before had and this one has not are shown too, at nothing this year.
  const all = [...rows, ...(previous ?? []).filter((p) => !rows.some((r) => r.code === p.code)).map((p) => ({ ...p, amount: '0' }))];
  const before = (code: string) => formatMoney(previous?.find((p) => p.code === code)?.amount ?? '0');
  return {
    heading,
    columns: [{ label: 'Ledger' }, { label: 'Group' }, { label: 'Amount', numeric: true }, ...(previous ? [PREVIOUS] : [])],
    rows: [
      ...all.map((r) => ({ key: r.code, cells: [r.accountName, r.accountGroup, formatMoney(r.amount), ...(previous ? [before(r.code)] : [])] })),
      ...total.map((t) => ({ key: t.label, cells: [t.label, '', formatMoney(t.amount), ...(previous ? [formatMoney(t.previous ?? '0')] : [])], strong: true })),
    ],
  };
};

/** The liabilities with the years before's profit (closed into capital) and this year's apart. */
const withProfits = (bs: BalanceSheet): Line[] => [
  ...bs.liabilities,
  { code: 'retained', accountName: 'Profit and loss of past years', accountGroup: 'Capital', amount: bs.retainedEarnings },
  { code: 'profit', accountName: 'Profit this year', accountGroup: 'Capital', amount: bs.profit },
];

const profitOrLoss = (amount: string, profit: string, loss: string) => (decimal(amount).lt(0) ? loss : profit);

/** The trading part in an owner's words: sales, then what the goods sold cost, then what was kept. */
const tradingTable = (pl: ProfitAndLoss, previous?: ProfitAndLoss): ReportTable => {
  const t = pl.trading;
  const p = previous?.trading;
  const row = (key: keyof typeof t, label: string, strong = false) => ({ key, cells: [label, formatMoney(t[key]), ...(p ? [formatMoney(p[key])] : [])], strong });
  return {
    heading: 'Trading',
    summary: `${profitOrLoss(t.grossProfit, 'Gross profit', 'Gross loss')} ${formatMoney(decimal(t.grossProfit).abs())} on sales of ${formatMoney(t.sales)}`,
    columns: [{ label: '' }, { label: 'Amount', numeric: true }, ...(p ? [PREVIOUS] : [])],
    rows: [
      row('sales', 'Sales (less returns)', true),
      row('openingStock', 'Opening stock'),
      row('purchases', 'Add: Purchases (less returns)'),
      // Opening stock entered and adjustments, at their cost: shown when there were any.
      ...(decimal(t.stockBroughtIn).eq(0) && (!p || decimal(p.stockBroughtIn).eq(0)) ? [] : [row('stockBroughtIn', 'Add: Stock entered or adjusted')]),
      row('closingStock', 'Less: Closing stock'),
      row('costOfGoodsSold', 'Cost of goods sold', true),
      row('grossProfit', 'Gross profit (loss: less than 0)', true),
    ],
  };
};

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const monthLabel = (month: string) => `${MONTH_NAMES[Number(month.slice(5, 7)) - 1]} ${month.slice(2, 4)}`;

export const profitAndLoss: ReportConfig<z.output<typeof ProfitAndLossAnswerSchema>> = {
  title: 'Profit and Loss',
  subtitle: 'Sales, what the goods sold cost, other income and expenses for a period',
  module: 'reports',
  dates: 'period',
  path: (p) => `${BOOKS_PATHS.profitAndLoss}${query(p, ['from', 'to'])}&compare=previous-year`,
  answer: ProfitAndLossAnswerSchema,
  tables: (pl) => {
    const prev = pl.previous;
    return [
      tradingTable(pl, prev),
      // Most shops have no income besides sales: then there is nothing to show.
      ...(pl.income.length > 0 || (prev?.income.length ?? 0) > 0 ? [balancesTable('Other income', pl.income, [{ label: 'Total other income', amount: pl.otherIncome, previous: prev?.otherIncome }], prev?.income)] : []),
      balancesTable('Expenses', pl.expenses, [{ label: 'Total expenses', amount: pl.otherExpenses, previous: prev?.otherExpenses }], prev?.expenses),
      {
        heading: 'Result',
        summary: `${profitOrLoss(pl.netProfit, 'Net profit', 'Net loss')} ${formatMoney(decimal(pl.netProfit).abs())}${prev ? ` (year before: ${profitOrLoss(prev.netProfit, 'profit', 'loss')} ${formatMoney(decimal(prev.netProfit).abs())})` : ''}`,
        columns: [{ label: '' }, { label: 'Amount', numeric: true }, ...(prev ? [PREVIOUS] : [])],
        rows: [{ key: 'net', cells: ['Net profit (loss: less than 0)', formatMoney(pl.netProfit), ...(prev ? [formatMoney(prev.netProfit)] : [])], strong: true }],
      },
    ];
  },
  chart: (pl) => {
    const months = pl.byMonth;
    if (months.length < 2) return null;
    const best = months.reduce((a, b) => (decimal(b.netProfit).gt(decimal(a.netProfit)) ? b : a));
    const losing = months.filter((m) => decimal(m.netProfit).lt(0)).map((m) => monthLabel(m.month));
    return {
      title: 'Profit and loss by month',
      summary: `Best month ${monthLabel(best.month)}: ${formatMoney(best.netProfit)} net profit. ${losing.length === 0 ? 'No month ran at a loss.' : `At a loss: ${losing.join(', ')}.`}`,
      config: {
        type: 'bar',
        data: {
          labels: months.map((m) => monthLabel(m.month)),
          datasets: [
            { label: 'Sales and other income', data: plotted(months.map((m) => m.income)), backgroundColor: GREEN },
            { label: 'Cost of goods sold and expenses', data: plotted(months.map((m) => m.expenses)), backgroundColor: RED },
            { label: 'Net profit', type: 'line', data: plotted(months.map((m) => m.netProfit)), borderColor: BLUE, backgroundColor: BLUE },
          ],
        },
        options: { scales: { y: moneyAxis } },
      },
    };
  },
};

export const balanceSheet: ReportConfig<z.output<typeof BalanceSheetAnswerSchema>> = {
  title: 'Balance Sheet',
  subtitle: 'What the business owns and owes as of a date; stock at cost',
  module: 'reports',
  dates: 'asOf',
  path: (p) => `${BOOKS_PATHS.balanceSheet}${query(p, ['asOf'])}&compare=previous-year`,
  answer: BalanceSheetAnswerSchema,
  tables: (bs) => {
    const stock = bs.assets.find((a) => a.code === 'stock-in-hand');
    const prev = bs.previous;
    return [
      { ...balancesTable('Assets', bs.assets, [{ label: 'Total assets', amount: bs.totalAssets, previous: prev?.totalAssets }], prev?.assets), summary: `Stock at cost ${formatMoney(stock?.amount ?? '0')}` },
      balancesTable('Liabilities', withProfits(bs), [{ label: 'Total liabilities', amount: bs.totalLiabilities, previous: prev?.totalLiabilities }], prev && withProfits(prev)),
    ];
  },
};
