import { hasEInvoice, hasEWayBill, INVOICE_DOCUMENTS, type InvoiceDocument, isPrintable, placeOfSupplyLabel, routes } from '@erp/contracts';

import { FileCheck, Truck, Wallet } from 'lucide-react';

import type { CardField, DetailsConfig, OpenElsewhere } from '@/components/entity-config';
import { invoiceBadge } from '@/features/documents/invoice-badge';
import { formatDate, formatMoney } from '@/lib/format';

/** What every invoice-like record answers, whatever its kind names its number, party and due date. */
export interface DocumentLike {
  readonly id: number;
  readonly status: string;
  readonly taxMode: 'manual' | 'gst';
  readonly supplyType: 'intra' | 'inter' | 'none' | null;
  readonly placeOfSupply: string | null;
  readonly reverseCharge: boolean;
  readonly subTotal: string;
  readonly cgst: string;
  readonly sgst: string;
  readonly igst: string;
  readonly taxAmount: string;
  readonly roundOff: string;
  readonly totalAmount: string;
}

/** A document the party owes: what settled it, and what is left. */
export interface InvoiceLike extends DocumentLike {
  readonly dueDate: string | null;
  readonly paidAmount: string;
  readonly creditedAmount: string;
  readonly balanceDue: string;
  readonly allocations: readonly { readonly by: string; readonly as: 'paid' | 'credited'; readonly amount: string }[];
}

const text = (record: object, name: string): string => {
  const value: unknown = Reflect.get(record, name);
  return value === null || value === undefined ? '' : String(value);
};
const words = (name: string) => name.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase());
const money = (value: string) => formatMoney(value);

/** The document a record was made from: 'Estimate EST/2026-27/0001'; '' when none. */
const sourceLabel = (source: unknown) => {
  if (typeof source !== 'object' || source === null) return '';
  const stream: unknown = Reflect.get(source, 'stream');
  const kind = INVOICE_DOCUMENTS.find((d) => d.stream === stream);
  return `${kind?.label ?? String(stream)} ${String(Reflect.get(source, 'number'))}`;
};

/** 'receipt-12' → 'Receipt #12', 'credit-note-3' → 'Credit note #3'. */
export const settlerLabel = (stream: string) => {
  const match = /^(.*)-(\d+)$/.exec(stream);
  if (!match) return stream;
  const kind = match[1]!.replace(/-/g, ' ');
  return `${kind.charAt(0).toUpperCase()}${kind.slice(1)} #${match[2]}`;
};

const settledFields = <TRecord extends InvoiceLike>(label: string): CardField<TRecord>[] => [
  { label, value: (r) => money(r.paidAmount) },
  { label: 'Credited', value: (r) => (r.creditedAmount !== '0.00' ? money(r.creditedAmount) : ''), hideWhenEmpty: true },
  { label: 'Balance Due', value: (r) => money(r.balanceDue) },
];

/**
 * The fields every invoice-like document shows: its party, its note's invoice, its date (and,
 * between them, `middle`: a due date, an answer), where it came from, the figures with GST, its
 * texts; `settled` after the total (what was paid, what is due).
 */
export const documentFields = <TRecord extends DocumentLike>(doc: InvoiceDocument, partyName: (id: number) => string, middle: readonly CardField<TRecord>[], settled: readonly CardField<TRecord>[] = []): CardField<TRecord>[] => {
  const gst = (r: TRecord) => r.taxMode === 'gst';
  return [
    { label: doc.party.label, value: (r) => partyName(Number(text(r, doc.party.field))) },
    ...(doc.against ? [{ label: `Against ${doc.against.label}`, value: (r: TRecord) => text(r, 'againstNumber') }] : []),
    { label: words(doc.dateField), value: (r) => formatDate(text(r, doc.dateField)) },
    ...middle,
    { label: 'Made From', value: (r) => sourceLabel(Reflect.get(r, 'source')), hideWhenEmpty: true },
    { label: 'Place of Supply', value: (r) => (r.placeOfSupply ? placeOfSupplyLabel(r.placeOfSupply) : ''), hideWhenEmpty: true },
    { label: 'Reverse Charge', value: (r) => (gst(r) && doc.reverseCharge ? (r.reverseCharge ? 'Yes' : 'No') : ''), hideWhenEmpty: true },
    { label: 'Sub Total', value: (r) => money(r.subTotal) },
    { label: 'CGST', value: (r) => (r.supplyType === 'intra' ? money(r.cgst) : ''), hideWhenEmpty: true },
    { label: 'SGST', value: (r) => (r.supplyType === 'intra' ? money(r.sgst) : ''), hideWhenEmpty: true },
    { label: 'IGST', value: (r) => (r.supplyType === 'inter' ? money(r.igst) : ''), hideWhenEmpty: true },
    { label: 'Tax Amount', value: (r) => money(r.taxAmount) },
    { label: 'Round Off', value: (r) => (gst(r) ? money(r.roundOff) : ''), hideWhenEmpty: true },
    { label: 'Total', value: (r) => money(r.totalAmount) },
    ...settled,
    ...doc.texts.map((name) => ({ label: words(name), value: (r: TRecord) => text(r, name) })),
  ];
};

/** A document's lines: item, HSN, quantity, rate, GST and amount. */
export const LINE_COLUMNS: DetailsConfig<unknown>['lines']['columns'] = [
  { label: 'Item', value: (l) => String(l.itemName) },
  { label: 'HSN/SAC', value: (l) => (l.hsn ? String(l.hsn) : '') },
  { label: 'Qty', value: (l) => `${String(l.quantity)}${l.unit ? ` ${String(l.unit)}` : ''}`, numeric: true },
  { label: 'Rate', value: (l) => money(String(l.rate)), numeric: true },
  { label: 'GST %', value: (l) => `${String(l.gstRate)}%`, numeric: true },
  { label: 'Amount', value: (l) => money(String(l.taxableValue ?? l.amount)), numeric: true },
];

/**
 * 'View Details' of an invoice-like document: the seed's figures, and with GST the place of
 * supply, each tax and the round off; its lines with HSN and rate; what settled it (receipts,
 * payments, credit and debit notes); Print / PDF for the kinds that are printed.
 */
export const invoiceDetails = <TRecord extends InvoiceLike>(
  doc: InvoiceDocument,
  /** `settled`: what settles an invoice (a note is not settled: it settles one). */
  texts: {
    subtitle: string;
    partyName: (id: number) => string;
    /** `action`: Receive payment while it is due. */
    settled?: { label: string; linksTitle: string; linksEmpty: string; action?: (record: TRecord) => OpenElsewhere | null };
  },
): DetailsConfig<TRecord> => {
  const fields = documentFields<TRecord>(
    doc,
    texts.partyName,
    texts.settled ? [{ label: 'Due Date', value: (r: TRecord) => formatDate(text(r, doc.dueField)) }] : [],
    texts.settled ? settledFields<TRecord>(texts.settled.label) : [],
  );
  return {
    title: (r) => text(r, doc.numberField),
    subtitle: texts.subtitle,
    badge: texts.settled ? (r) => invoiceBadge(r.status) : undefined,
    fields,
    lines: {
      title: 'Line Items',
      columns: LINE_COLUMNS,
    },
    links: texts.settled && {
      title: texts.settled.linksTitle,
      empty: texts.settled.linksEmpty,
      rows: (r) => r.allocations.map((a) => ({ label: `${settlerLabel(a.by)}${a.as === 'credited' ? ' (credited)' : ''}`, amount: a.amount })),
    },
    actions: (r) => {
      const pay = texts.settled?.action?.(r);
      return [...(pay ? [{ ...pay, icon: Wallet }] : []), ...printActions(doc, r)];
    },
  };
};

/**
 * A printed kind's links on its details: 'Print / PDF', and with GST per line its e-way bill and
 * e-invoice where the kind has them (both on one screen, issue 44: the transport and its JSON, the
 * e-invoice and its IRN). None for a kind that is not printed.
 */
export const printActions = (doc: InvoiceDocument, r: Pick<DocumentLike, 'id' | 'taxMode'>) => {
  if (!isPrintable(doc)) return [];
  const gst = r.taxMode === 'gst';
  return [
    { label: 'Print / PDF', to: routes.print(doc.stream, r.id) },
    ...(gst && hasEWayBill(doc) ? [{ label: 'E-way bill', to: `${routes.eDocuments(doc.stream, r.id)}#e-way-bill`, icon: Truck }] : []),
    ...(gst && hasEInvoice(doc) ? [{ label: 'E-invoice', to: `${routes.eDocuments(doc.stream, r.id)}#e-invoice`, icon: FileCheck }] : []),
  ];
};
