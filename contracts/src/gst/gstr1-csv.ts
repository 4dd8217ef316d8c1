import { csvText } from '../csv';
import { type Gstr1Hsn, type Gstr1Json, hsnSplit } from './gstr1-json';

/** The sections of GSTR-1 an accountant can take as CSV, one file each ('hsn' before May 2025, 'hsn_b2b' and 'hsn_b2c' from then). */
export const GSTR1_SECTIONS = ['b2b', 'b2cl', 'b2cs', 'cdnr', 'cdnur', 'nil', 'hsn', 'hsn_b2b', 'hsn_b2c', 'doc_issue'] as const;
export type Gstr1Section = (typeof GSTR1_SECTIONS)[number];

/** The sections of a month's return ('2025-04' has one HSN table, '2025-05' two: `hsnSplit`). */
export const gstr1Sections = (period: string): readonly Gstr1Section[] =>
  GSTR1_SECTIONS.filter((s) => (hsnSplit(`${period}-01`) ? s !== 'hsn' : s !== 'hsn_b2b' && s !== 'hsn_b2c'));

type Cell = string | number;
type Row = Readonly<Record<string, Cell>>;

const TAX = ['txval', 'iamt', 'camt', 'samt', 'csamt'];
const IGST = ['txval', 'iamt', 'csamt'];
const NIL = ['sply_ty', 'nil_amt', 'expt_amt', 'ngsup_amt'];
const HSN = ['num', 'hsn_sc', 'desc', 'uqc', 'qty', 'rt', ...TAX];

/** Each section's columns, in the portal's names: one row per rate of a document, per summary row, per series. */
const COLUMNS: Readonly<Record<Gstr1Section, readonly string[]>> = {
  b2b: ['ctin', 'inum', 'idt', 'val', 'pos', 'rchrg', 'inv_typ', 'num', 'rt', ...TAX],
  b2cl: ['pos', 'inum', 'idt', 'val', 'num', 'rt', ...IGST],
  b2cs: ['sply_ty', 'pos', 'typ', 'rt', ...TAX],
  cdnr: ['ctin', 'ntty', 'nt_num', 'nt_dt', 'val', 'pos', 'rchrg', 'inv_typ', 'num', 'rt', ...TAX],
  cdnur: ['typ', 'ntty', 'nt_num', 'nt_dt', 'val', 'pos', 'num', 'rt', ...IGST],
  nil: NIL,
  hsn: HSN,
  hsn_b2b: HSN,
  hsn_b2c: HSN,
  doc_issue: ['doc_num', 'nature', 'num', 'from', 'to', 'totnum', 'cancel', 'net_issue'],
};
const MONEY = new Set(['val', ...TAX, ...NIL.slice(1)]);
const NATURE = { 1: 'Invoices for outward supply', 5: 'Credit Note' } as const;

const rowsOf = (json: Gstr1Json, section: Gstr1Section): readonly Row[] => {
  switch (section) {
    case 'b2b':
      return json.b2b.flatMap(({ ctin, inv }) => inv.flatMap(({ itms, ...i }) => itms.map(({ num, itm_det }) => ({ ctin, ...i, num, ...itm_det }))));
    case 'b2cl':
      return json.b2cl.flatMap(({ pos, inv }) => inv.flatMap(({ itms, ...i }) => itms.map(({ num, itm_det }) => ({ pos, ...i, num, ...itm_det }))));
    case 'b2cs':
      return json.b2cs.map((r) => ({ ...r }));
    case 'cdnr':
      return json.cdnr.flatMap(({ ctin, nt }) => nt.flatMap(({ itms, ...n }) => itms.map(({ num, itm_det }) => ({ ctin, ...n, num, ...itm_det }))));
    case 'cdnur':
      return json.cdnur.flatMap(({ itms, ...n }) => itms.map(({ num, itm_det }) => ({ ...n, num, ...itm_det })));
    case 'nil':
      return json.nil.inv.map((r) => ({ ...r }));
    case 'hsn':
    case 'hsn_b2b':
    case 'hsn_b2c':
      return hsnTable(json, section).map((r) => ({ ...r }));
    case 'doc_issue':
      return json.doc_issue.doc_det.flatMap(({ doc_num, docs }) => docs.map((d) => ({ doc_num, nature: NATURE[doc_num], ...d })));
    default: {
      const never: never = section;
      return never;
    }
  }
};

/** One HSN table of the return; none when the return's period has the other layout. */
const hsnTable = (json: Gstr1Json, section: 'hsn' | 'hsn_b2b' | 'hsn_b2c'): readonly Gstr1Hsn[] => {
  const { hsn } = json;
  if ('data' in hsn) return section === 'hsn' ? hsn.data : [];
  return section === 'hsn' ? [] : hsn[section];
};

/**
 * One CSV cell (RFC 4180): amounts with 2 decimals; text that a spreadsheet would run as a formula
 * behind a single quote (csvText); quoted when it holds a comma, quote or line break.
 * Numbers are never quote-prefixed: a negative amount (a netted B2CS row) stays a number.
 */
const cell = (value: Cell | undefined, column: string): string => {
  if (value === undefined) return '';
  if (typeof value === 'number') return MONEY.has(column) ? value.toFixed(2) : String(value);
  const safe = csvText(value);
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

/** A section of the return as CSV, for accountants: a header row, then one row per entry (CRLF line ends). */
export const gstr1Csv = (json: Gstr1Json, section: Gstr1Section): string => {
  const columns = COLUMNS[section];
  const lines = [columns.join(','), ...rowsOf(json, section).map((row) => columns.map((c) => cell(row[c], c)).join(','))];
  return `${lines.join('\r\n')}\r\n`;
};
