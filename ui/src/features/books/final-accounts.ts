import { BOOKS_PATHS, decimal, type ProfitAndLoss } from '@erp/contracts';

import { BLUE, GREEN, moneyAxis, plotted, RED } from '@/components/chart-spec';
import { formatMoney } from '@/lib/format';

import type { ReportConfig, ReportTable } from './report-screen';
import { type Balance, query } from './reports';

/**
 * The final accounts (issue 42): the profit and loss with its trading part — what the goods sold
 * cost, from the stock at cost at both ends of the period — and the balance sheet, its stock at
 * the same value the Inventory Report shows.
 */

const balancesTable = (heading: string, rows: readonly Balance[], total: { label: string; amount: string }[]): ReportTable => ({
  heading,
  columns: [{ label: 'Ledger' }, { label: 'Group' }, { label: 'Amount', numeric: true }],
  rows: [
    ...rows.map((r) => ({ key: r.code, cells: [r.accountName, r.accountGroup, formatMoney(r.amount ?? r.balance)] })),
    ...total.map((t) => ({ key: t.label, cells: [t.label, '', formatMoney(t.amount)], strong: true })),
  ],
});

const profitOrLoss = (amount: string, profit: string, loss: string) => (decimal(amount).lt(0) ? loss : profit);

/** The trading part in an owner's words: sales, then what the goods sold cost, then what was kept. */
const tradingTable = (pl: ProfitAndLoss): ReportTable => {
  const t = pl.trading;
  const row = (key: string, label: string, amount: string, strong = false) => ({ key, cells: [label, formatMoney(amount)], strong });
  return {
    heading: 'Trading',
    summary: `${profitOrLoss(t.grossProfit, 'Gross profit', 'Gross loss')} ${formatMoney(decimal(t.grossProfit).abs())} on sales of ${formatMoney(t.sales)}`,
    columns: [{ label: '' }, { label: 'Amount', numeric: true }],
    rows: [
      row('sales', 'Sales (less returns)', t.sales, true),
      row('opening', 'Opening stock', t.openingStock),
      row('purchases', 'Add: Purchases (less returns)', t.purchases),
      // Opening stock entered and adjustments, at their cost: shown when there were any.
      ...(decimal(t.stockBroughtIn).eq(0) ? [] : [row('adjusted', 'Add: Stock entered or adjusted', t.stockBroughtIn)]),
      row('closing', 'Less: Closing stock', t.closingStock),
      row('cost', 'Cost of goods sold', t.costOfGoodsSold, true),
      row('gross', profitOrLoss(t.grossProfit, 'Gross profit', 'Gross loss'), decimal(t.grossProfit).abs().toFixed(2), true),
    ],
  };
};

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const monthLabel = (month: string) => `${MONTH_NAMES[Number(month.slice(5, 7)) - 1]} ${month.slice(2, 4)}`;

export const profitAndLoss: ReportConfig = {
  title: 'Profit and Loss',
  subtitle: 'Sales, what the goods sold cost, other income and expenses for a period',
  module: 'reports',
  dates: 'period',
  path: (p) => `${BOOKS_PATHS.profitAndLoss}${query(p, ['from', 'to'])}`,
  tables: (data) => {
    const pl = data as ProfitAndLoss;
    return [
      tradingTable(pl),
      // Most shops have no income besides sales: then there is nothing to show.
      ...(pl.income.length > 0 ? [balancesTable('Other income', pl.income, [{ label: 'Total other income', amount: pl.otherIncome }])] : []),
      balancesTable('Expenses', pl.expenses, [{ label: 'Total expenses', amount: pl.otherExpenses }]),
      { heading: 'Result', columns: [{ label: '' }, { label: 'Amount', numeric: true }], rows: [{ key: 'net', cells: [profitOrLoss(pl.netProfit, 'Net profit', 'Net loss'), formatMoney(decimal(pl.netProfit).abs())], strong: true }] },
    ];
  },
  chart: (data) => {
    const months = (data as ProfitAndLoss).byMonth;
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

export const balanceSheet: ReportConfig = {
  title: 'Balance Sheet',
  subtitle: 'What the business owns and owes as of a date; stock at cost',
  module: 'reports',
  dates: 'asOf',
  path: (p) => `${BOOKS_PATHS.balanceSheet}${query(p, ['asOf'])}`,
  tables: (data) => {
    const bs = data as { assets: Balance[]; liabilities: Balance[]; profit: string; totalAssets: string; totalLiabilities: string };
    const stock = bs.assets.find((a) => a.code === 'stock-in-hand');
    return [
      { ...balancesTable('Assets', bs.assets, [{ label: 'Total assets', amount: bs.totalAssets }]), summary: `Stock at cost ${formatMoney(stock?.amount ?? '0')}` },
      balancesTable('Liabilities', [...bs.liabilities, { code: 'profit', accountName: 'Profit and loss to date', accountGroup: 'Capital', debit: '0', credit: '0', balance: bs.profit, amount: bs.profit }], [{ label: 'Total liabilities', amount: bs.totalLiabilities }]),
    ];
  },
};
