import { BOOKS_PATHS, decimal, type GstSummary, GstSummarySchema, gstr1Sections, sumMoney, TAX_HEADS, type TaxHead } from '@erp/contracts';

import { AMBER, BLUE, moneyAxis, plotted } from '@/components/chart-spec';
import { formatMoney } from '@/lib/format';

import type { ReportConfig, ReportTable } from './report-screen';

type RateRow = GstSummary['output'][number];
type Totals = GstSummary['totals']['output'];
type Payment = GstSummary['payment'];

const rateTable = (heading: string, rows: readonly RateRow[], total: Totals): ReportTable => ({
  heading,
  columns: [{ label: 'GST %' }, { label: 'Taxable value', numeric: true }, { label: 'CGST', numeric: true }, { label: 'SGST', numeric: true }, { label: 'IGST', numeric: true }],
  rows: [
    ...rows.map((r) => ({ key: r.rate, cells: [`${r.rate}%`, formatMoney(r.taxableValue), formatMoney(r.cgst), formatMoney(r.sgst), formatMoney(r.igst)] })),
    { key: 'total', cells: ['Total', formatMoney(total.taxableValue), formatMoney(total.cgst), formatMoney(total.sgst), formatMoney(total.igst)], strong: true },
  ],
});

const monthRange = (period: string) => {
  const year = Number(period.slice(0, 4));
  const month = Number(period.slice(5, 7));
  return { from: `${period}-01`, to: new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10) };
};

const NAME: Readonly<Record<TaxHead, string>> = { igst: 'IGST', cgst: 'CGST', sgst: 'SGST' };
const nonZero = (value: string) => !decimal(value).eq(0);
/** 'IGST ₹511.06', 'CGST ₹20.00, SGST ₹20.00', or null when every head is zero. */
const byHead = (amounts: Readonly<Record<TaxHead, string>>) => {
  const said = TAX_HEADS.filter((h) => nonZero(amounts[h])).map((h) => `${NAME[h]} ${formatMoney(amounts[h])}`);
  return said.length > 0 ? said.join(', ') : null;
};

/**
 * GSTR-3B table 6.1 in a shop owner's words: the tax due under each head, what the input credit
 * pays of it (in the legal order: IGST credit first; CGST credit never pays SGST, nor SGST credit
 * CGST), what is left to pay in cash, and the credit left for next month.
 */
export const paymentTable = (payment: Payment): ReportTable => {
  const { setOff } = payment;
  const carried = { igst: setOff.heads.igst.carriedForward, cgst: setOff.heads.cgst.carriedForward, sgst: setOff.heads.sgst.carriedForward };
  const cash = byHead(payment.cash);
  const reverse = byHead(payment.reverseCharge);
  const summary = [
    cash ? `Pay in cash: ${cash}${TAX_HEADS.filter((h) => nonZero(payment.cash[h])).length > 1 ? ` (${formatMoney(payment.totalCash)} in all)` : ''}.` : 'Nothing to pay in cash: your input credit covers the tax.',
    reverse ? `It includes the tax on purchases on reverse charge (${reverse}), which is always paid in cash.` : null,
    `Credit left for next month: ${byHead(carried) ?? 'none'}.`,
    'Credit carried from earlier months is not counted here.',
  ];
  const paidFrom = (h: TaxHead) => {
    const used = setOff.heads[h].paidFromCredit;
    const total = sumMoney(TAX_HEADS.map((from) => used[from]));
    const sources = TAX_HEADS.filter((from) => nonZero(used[from])).map((from) => `${NAME[from]} credit ${formatMoney(used[from])}`);
    return sources.length > 1 || (sources.length === 1 && !nonZero(used[h])) ? `${formatMoney(total)} (${sources.join(' + ')})` : formatMoney(total);
  };
  return {
    heading: 'What to pay this month (GSTR-3B 6.1)',
    summary: summary.filter((line): line is string => line !== null).join(' '),
    columns: [
      { label: 'Tax' },
      { label: 'Tax due on sales', numeric: true },
      { label: 'Paid from input credit', numeric: true },
      ...(reverse ? [{ label: 'Reverse charge', numeric: true }] : []),
      { label: 'Pay in cash', numeric: true },
      { label: 'Credit left for next month', numeric: true },
    ],
    rows: TAX_HEADS.map((h) => ({
      key: h,
      cells: [
        NAME[h],
        formatMoney(setOff.heads[h].liability),
        paidFrom(h),
        ...(reverse ? [formatMoney(payment.reverseCharge[h])] : []),
        formatMoney(payment.cash[h]),
        formatMoney(setOff.heads[h].carriedForward),
      ],
    })),
  };
};

export const gstReturns: ReportConfig<GstSummary> = {
  title: 'GST Returns',
  subtitle: 'GSTR-1 for the portal, and the GSTR-3B figures with what to pay, month by month',
  module: 'reports',
  dates: 'month',
  path: (p) => {
    const { from, to } = monthRange(p.period!);
    return `${BOOKS_PATHS.gstSummary}?from=${from}&to=${to}`;
  },
  answer: GstSummarySchema,
  tables: (g) => {
    return [
      paymentTable(g.payment),
      rateTable('Output tax: sales less credit notes (GSTR-3B 3.1(a))', g.output, g.totals.output),
      rateTable('Input tax: purchases less debit notes (GSTR-3B 4(A)(5))', g.input, g.totals.input),
      rateTable('Purchases on reverse charge (GSTR-3B 3.1(d), 4(A)(3))', g.reverseCharge, g.totals.reverseCharge),
      {
        heading: 'Sales without GST, less credit notes (GSTR-3B 3.1(c), 3.1(e))',
        columns: [{ label: 'Kind' }, { label: 'Value', numeric: true }],
        rows: [
          { key: 'nil-exempt', cells: ['Nil-rated and exempt', formatMoney(g.otherOutward.nilExempt)] },
          { key: 'non-gst', cells: ['Non-GST', formatMoney(g.otherOutward.nonGst)] },
        ],
      },
    ];
  },
  chart: (g) => {
    const rates = [...new Set([...g.output, ...g.input].map((r) => r.rate))].sort((a, b) => decimal(a).cmp(decimal(b)));
    if (rates.length === 0) return null;
    const taxAt = (rows: readonly RateRow[], rate: string) => {
      const row = rows.find((r) => r.rate === rate);
      return row ? sumMoney([row.cgst, row.sgst, row.igst]) : '0.00';
    };
    return {
      title: 'GST by rate',
      summary: rates.map((rate) => `${rate}%: output ${formatMoney(taxAt(g.output, rate))}, input ${formatMoney(taxAt(g.input, rate))}`).join('; '),
      config: {
        type: 'bar',
        data: {
          labels: rates.map((rate) => `${rate}%`),
          datasets: [
            { label: 'Output tax', data: plotted(rates.map((rate) => taxAt(g.output, rate))), backgroundColor: AMBER },
            { label: 'Input tax', data: plotted(rates.map((rate) => taxAt(g.input, rate))), backgroundColor: BLUE },
          ],
        },
        options: { scales: { y: moneyAxis } },
      },
    };
  },
  files: (p) => [
    { label: 'Download GSTR-1 (JSON)', href: `${BOOKS_PATHS.gstr1}?period=${p.period}` },
    ...gstr1Sections(p.period!).map((s) => ({ label: `GSTR-1 ${s} (CSV)`, href: `${BOOKS_PATHS.gstr1}?period=${p.period}&section=${s}`, more: true })),
  ],
};
