import { BOOKS_PATHS, type Gstr3bJson, type Gstr3bReport, Gstr3bReportSchema, placeOfSupplyLabel } from '@erp/contracts';

import { formatMoney } from '@/lib/format';

import { paymentTable } from './gst-returns';
import type { ReportConfig, ReportTable } from './report-screen';

type Amounts = Partial<Record<'txval' | 'iamt' | 'camt' | 'samt' | 'csamt', number>>;
const money = (n: number | undefined) => (n === undefined ? '—' : formatMoney(n));
const HEADS = [{ label: 'Value', numeric: true }, { label: 'IGST', numeric: true }, { label: 'CGST', numeric: true }, { label: 'SGST', numeric: true }, { label: 'Cess', numeric: true }];
const row = (key: string, words: string, a: Amounts) => ({ key, cells: [words, money(a.txval), money(a.iamt), money(a.camt), money(a.samt), money(a.csamt)] });
/** A row of tax alone (table 4 has no value column). */
const taxRow = (key: string, words: string, a: Amounts, strong = false) => ({ key, strong, cells: [words, money(a.iamt), money(a.camt), money(a.samt), money(a.csamt)] });

/** GSTR-3B's tables in a shop owner's words, each with its number on the form. */
const returnTables = (j: Gstr3bJson): ReportTable[] => {
  const s = j.sup_details;
  const [, , isrc, , oth] = j.itc_elg.itc_avl;
  const [gst, nonGst] = j.inward_sup.isup_details;
  return [
    {
      heading: 'Sales and reverse charge (3.1)',
      columns: [{ label: 'What' }, ...HEADS],
      rows: [
        row('a', 'Sales with GST (a)', s.osup_det),
        row('b', 'Exports and SEZ, zero-rated (b)', s.osup_zero),
        row('c', 'Nil-rated and exempt sales (c)', s.osup_nil_exmp),
        row('d', 'Purchases where you pay the tax: reverse charge (d)', s.isup_rev),
        row('e', 'Sales outside GST (e)', s.osup_nongst),
      ],
    },
    {
      heading: 'Sales to unregistered buyers in other states (3.2)',
      summary: j.inter_sup.unreg_details.length === 0 ? 'None this month.' : undefined,
      columns: [{ label: 'Place of supply' }, { label: 'Value', numeric: true }, { label: 'IGST', numeric: true }],
      rows: j.inter_sup.unreg_details.map((r) => ({ key: r.pos, cells: [placeOfSupplyLabel(r.pos), money(r.txval), money(r.iamt)] })),
    },
    {
      heading: 'Input tax credit (4)',
      columns: [{ label: 'What' }, ...HEADS.slice(1)],
      rows: [
        taxRow('isrc', 'Tax you paid on reverse charge (A3)', isrc),
        taxRow('oth', 'On bills from registered vendors (A5)', oth),
        ...j.itc_elg.itc_rev.map((r) => taxRow(`rev-${r.ty}`, r.ty === 'RUL' ? 'Reversed by the rules (B1)' : 'Reversed, other: debit notes above bills (B2)', r)),
        taxRow('net', 'Net credit (C)', j.itc_elg.itc_net, true),
      ],
    },
    {
      heading: 'Purchases without GST (5)',
      columns: [{ label: 'What' }, { label: 'From other states', numeric: true }, { label: 'From your state', numeric: true }],
      rows: [
        { key: 'gst', cells: ['Nil-rated and exempt', money(gst.inter), money(gst.intra)] },
        { key: 'nongst', cells: ['Outside GST', money(nonGst.inter), money(nonGst.intra)] },
      ],
    },
  ];
};

export const gstr3bReport: ReportConfig<Gstr3bReport> = {
  title: 'GSTR-3B',
  subtitle: 'The month\'s return from your books: the tax to pay in cash, and the JSON for the GST portal',
  module: 'reports',
  dates: 'month',
  path: (p) => `${BOOKS_PATHS.gstr3b}?period=${p.period}`,
  answer: Gstr3bReportSchema,
  tables: (r) => {
    return [{ ...paymentTable(r.payment), heading: 'Tax to pay in cash (6.1)' }, ...returnTables(r.json as unknown as Gstr3bJson)];
  },
  files: (p) => [{ label: 'Download GSTR-3B (JSON)', href: `${BOOKS_PATHS.gstr3b}?period=${p.period}&file=json` }],
};
