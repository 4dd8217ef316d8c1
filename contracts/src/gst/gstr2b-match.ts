import { monthName } from '../hr/payroll';
import { decimal, rupees, sumMoney } from '../money';
import type { Gstr2bDocument } from './gstr2b-file';

/**
 * Matching purchase bills to the supplier documents of a GSTR-2B (issue 44 item 3). Pure.
 *
 * An invoice number is compared normalised the way india-compliance's purchase reconciliation
 * cleans it (`purchase_reconciliation_tool/__init__.py::BaseUtil.get_cleaner_bill_no`): the
 * financial year written in it (2026-27, 2026/27, 2026-2027, 26-27…) dropped, `/` and `-` read as
 * spaces, spaces collapsed, leading zeros dropped — and, beyond it, letters in capitals and the
 * leading zeros of every part (INV/0045 = inv-45).
 */
export const normaliseInvoiceNumber = (number: string, date: string) => {
  const year = Number(date.slice(0, 4));
  const start = Number(date.slice(5, 7)) >= 4 ? year : year - 1;
  const [a, b] = [String(start), String(start + 1)];
  const years = [`${a}-${b}`, `${a}/${b}`, `${a}-${b.slice(2)}`, `${a}/${b.slice(2)}`, `${a.slice(2)}-${b.slice(2)}`, `${a.slice(2)}/${b.slice(2)}`];
  let text = number.toUpperCase();
  for (const y of years) text = text.split(y).join(' ');
  return text
    .split(/[\s/-]+/)
    .filter((part) => part !== '')
    .map((part) => part.replace(/^0+(?=.)/, ''))
    .join(' ');
};

/**
 * A document of ours that is a bill of the inward return (a purchase invoice, an expense: every kind
 * whose GST document is `bill`), as the books have it. `stream` says which kind and document it is
 * (`purchase-invoice-7`, `expense-entry-7`): ids of two kinds may be the same number.
 */
export interface BookBill {
  readonly id: number;
  readonly stream: string;
  readonly number: string;
  readonly date: string;
  readonly vendorName: string;
  readonly gstin: string;
  readonly taxableValue: string;
  readonly igst: string;
  readonly cgst: string;
  readonly sgst: string;
  readonly cess: string;
  readonly total: string;
}

export type MatchStatus = 'matched' | 'mismatched' | 'only-in-2b' | 'only-in-books';
export type Difference = 'number' | 'date' | 'taxableValue' | 'tax';

export interface DifferenceDetail {
  readonly field: Difference;
  readonly books: string;
  readonly portal: string;
}

export interface MatchRow {
  readonly status: MatchStatus;
  readonly bill: BookBill | null;
  readonly document: Gstr2bDocument | null;
  readonly differences: readonly DifferenceDetail[];
}

/** A residual pair (number differs) may be this many days apart, as india-compliance's residual match. */
const RESIDUAL_DAYS = 10;
const HEADS = ['igst', 'cgst', 'sgst', 'cess'] as const;

const within = (a: string, b: string, tolerance: string) => decimal(a).minus(decimal(b)).abs().lte(decimal(tolerance));
const taxOf = (d: Pick<BookBill, (typeof HEADS)[number]>) => sumMoney(HEADS.map((h) => d[h]));
const days = (a: string, b: string) => Math.abs(Date.parse(a) - Date.parse(b)) / 86_400_000;
const amountsAgree = (bill: BookBill, doc: Gstr2bDocument, tolerance: string) =>
  within(bill.taxableValue, doc.taxableValue, tolerance) && HEADS.every((h) => within(bill[h], doc[h], tolerance));

const differencesOf = (bill: BookBill, doc: Gstr2bDocument, tolerance: string): DifferenceDetail[] => {
  const out: DifferenceDetail[] = [];
  if (normaliseInvoiceNumber(bill.number, bill.date) !== normaliseInvoiceNumber(doc.number, doc.date)) out.push({ field: 'number', books: bill.number, portal: doc.number });
  if (bill.date !== doc.date) out.push({ field: 'date', books: bill.date, portal: doc.date });
  if (!within(bill.taxableValue, doc.taxableValue, tolerance)) out.push({ field: 'taxableValue', books: bill.taxableValue, portal: doc.taxableValue });
  if (!HEADS.every((h) => within(bill[h], doc[h], tolerance))) out.push({ field: 'tax', books: taxOf(bill), portal: taxOf(doc) });
  return out;
};

/**
 * Pairs each bill (of whichever kind) with at most one 2B invoice of the same supplier GSTIN: first by normalised
 * number, then (the rest) by amounts within the tolerance and dates at most 10 days apart (a
 * number typed differently). A pair is matched when the date is the same and the taxable value
 * and each tax (IGST, CGST, SGST, cess) differ by at most the tolerance (₹), else mismatched,
 * naming what differs. Credit and debit notes are listed as only in 2B.
 */
export const matchGstr2b = (bills: readonly BookBill[], documents: readonly Gstr2bDocument[], tolerance: string): MatchRow[] => {
  const open = new Set(documents.filter((d) => d.kind === 'invoice'));
  const pairs = new Map<BookBill, Gstr2bDocument>();
  const ordered = [...bills].sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id || a.stream.localeCompare(b.stream));
  const byNumber = (bill: BookBill) => [...open].find((d) => d.ctin === bill.gstin && normaliseInvoiceNumber(d.number, d.date) === normaliseInvoiceNumber(bill.number, bill.date));
  const byAmounts = (bill: BookBill) => [...open].find((d) => d.ctin === bill.gstin && days(d.date, bill.date) <= RESIDUAL_DAYS && amountsAgree(bill, d, tolerance));
  for (const find of [byNumber, byAmounts]) {
    for (const bill of ordered.filter((b) => !pairs.has(b))) {
      const doc = find(bill);
      if (!doc) continue;
      pairs.set(bill, doc);
      open.delete(doc);
    }
  }
  const paired = new Set(pairs.values());
  return [
    ...ordered.map((bill): MatchRow => {
      const doc = pairs.get(bill);
      if (!doc) return { status: 'only-in-books', bill, document: null, differences: [] };
      const differences = differencesOf(bill, doc, tolerance);
      return { status: differences.length === 0 ? 'matched' : 'mismatched', bill, document: doc, differences };
    }),
    ...documents.filter((d) => !paired.has(d)).map((document): MatchRow => ({ status: 'only-in-2b', bill: null, document, differences: [] })),
  ];
};

const indianDate = (iso: string) => `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}`;

/** The message to send a supplier whose bill is not in our GSTR-2B: bill number, date, amount and our GSTIN. */
export const followUpMessage = (bill: BookBill, period: string, business: { readonly name: string; readonly gstin: string }) =>
  `Namaste ${bill.vendorName}, your bill ${bill.number} dated ${indianDate(bill.date)} for ${rupees(bill.total)} ` +
  `(taxable ${rupees(bill.taxableValue)}, GST ${rupees(taxOf(bill))}) is not in our GSTR-2B for ${monthName(Number(period.slice(5, 7)), Number(period.slice(0, 4)))}. ` +
  `Please report it in your GSTR-1 against our GSTIN ${business.gstin}. Thank you, ${business.name}`;
