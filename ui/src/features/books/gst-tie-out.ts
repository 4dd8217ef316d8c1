import { BOOKS_PATHS, type TieOutReason, type TieOutReport, TieOutSchema } from '@erp/contracts';

import { formatMoney } from '@/lib/format';

import type { ReportConfig, ReportTable } from './report-screen';

type Side = TieOutReport['outward'];
type Figures = Side['books'];

/** Why a document's figures differ between the books and the returns, said plainly. */
const WHY: Readonly<Record<TieOutReason, string>> = {
  'journal-entry': 'A journal entry: returns read invoices and notes only',
  'tax-by-hand': 'Tax typed by hand: not in the returns (give each line a GST rate)',
  'own-gstin': 'To your own GSTIN: a transfer, not a sale',
  'reverse-charge': 'Reverse charge: the buyer pays this tax',
  'other-period': 'Dated in another month',
  'credit-not-counted': 'Credit not counted this month',
  unexplained: 'Not explained: check this document',
};

const cells = (f: Figures, withValue: boolean) => [...(withValue ? [formatMoney(f.taxable)] : []), formatMoney(f.igst), formatMoney(f.cgst), formatMoney(f.sgst), formatMoney(f.cess)];
const heads = (withValue: boolean) => [...(withValue ? [{ label: 'Value', numeric: true }] : []), ...['IGST', 'CGST', 'SGST', 'Cess'].map((label) => ({ label, numeric: true }))];

/** One side: the three sources' totals, then each difference with the document that causes it. */
const sideTables = (heading: string, side: Side, withValue: boolean): ReportTable[] => {
  const sources = [['Books', side.books], ['GSTR-1', side.gstr1], ['GSTR-3B', side.gstr3b]] as const;
  const open = side.differences.filter((d) => !d.explained).length;
  return [
    {
      heading,
      summary: side.differences.length === 0 ? 'They tie.' : `${side.differences.length} document${side.differences.length === 1 ? '' : 's'} differ${side.differences.length === 1 ? 's' : ''}${open > 0 ? `, ${open} not explained` : ', each explained'}.`,
      columns: [{ label: 'Where' }, ...heads(withValue)],
      rows: sources.flatMap(([name, f]) => (f ? [{ key: name, cells: [name, ...cells(f, withValue)] }] : [])),
    },
    ...(side.differences.length === 0
      ? []
      : [{
          heading: `${heading}: the documents that differ`,
          columns: [{ label: 'Document' }, { label: 'Why' }, { label: 'Where' }, ...heads(withValue)],
          rows: side.differences.flatMap((d, i) =>
            ([['Books', d.books], ['GSTR-1', d.gstr1], ['GSTR-3B', d.gstr3b]] as const).flatMap(([name, f]) =>
              f ? [{ key: `${i}-${name}`, strong: !d.explained, cells: [`${d.document}${d.date ? ` (${d.date})` : ''}`, WHY[d.reason], name, ...cells(f, withValue)] }] : [],
            ),
          ),
        }]),
  ];
};

export const gstTieOut: ReportConfig<TieOutReport> = {
  title: 'GST Tie-out',
  subtitle: 'Your books beside GSTR-1 and GSTR-3B, before you file',
  module: 'reports',
  dates: 'month',
  path: (p) => `${BOOKS_PATHS.gstTieOut}?period=${p.period}`,
  answer: TieOutSchema,
  tables: (t) => {
    const [first, ...rest] = [...sideTables('Sales', t.outward, true), ...sideTables('Input credit', t.input, false)];
    const verdict = t.ready ? 'Ready to file: every difference is explained.' : 'Not ready to file: a difference is not explained.';
    return [{ ...first!, summary: `${verdict} ${first!.summary ?? ''}`.trim() }, ...rest];
  },
};
