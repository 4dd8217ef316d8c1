import { type Business, compareMoney, type InvoiceDocument, type RefundDocument, routes } from '@erp/contracts';
import { createElement } from 'react';
import { CalendarDays, FileText, IndianRupee, ReceiptText, User, Wallet } from 'lucide-react';

import type { ListConfig } from '@/components/entity-config';
import { ApplyCredit, type DueInvoice } from '@/features/documents/apply-credit';
import { refundAction } from '@/features/documents/credit-actions';
import { type InvoiceLike, invoiceDetails } from '@/features/documents/invoice-details';
import { invoiceForm } from '@/features/documents/invoice-form';
import { noteLines, type ReturnableInvoice } from '@/features/documents/note-lines';
import { formatDate, formatMoney } from '@/lib/format';
import { withSendCard } from '@/features/share/send-extra';
import type { QueryKey } from '@tanstack/react-query';
import type { Resource } from '@/lib/resource';

type Values = Record<string, unknown>;
type Options = (values: Values) => readonly { value: string; label: string }[] | null;

/** An invoice a note may be against. */
interface AgainstRow extends DueInvoice {
  readonly totalAmount: string;
  readonly active: boolean;
}

interface NoteRecord extends InvoiceLike {
  readonly noteNumber: string;
  readonly noteDate: string;
  /** The invoice's number (the contract types it loosely: only notes have one). */
  readonly againstNumber?: unknown;
  readonly noteType?: unknown;
  readonly appliedAmount?: unknown;
  readonly refundedAmount?: unknown;
  readonly unappliedAmount?: unknown;
  readonly reason: string | null;
  readonly lines: readonly {
    readonly invoiceLineNo?: number;
    readonly itemId: number | null;
    readonly itemName: string;
    readonly description: string | null;
    readonly hsn: string | null;
    readonly unit: string | null;
    readonly quantity: string;
    readonly rate: string;
    readonly discount: string;
    readonly gstRate: string;
  }[];
}

export interface NoteTexts {
  /** 'Credit Note', 'Debit Note'. */
  readonly name: string;
  readonly subtitle: string;
  readonly emptyHint: string;
  readonly createSubtitle: string;
  readonly module: { readonly name: string; readonly label: string };
}

const money = (value: unknown) => formatMoney(String(value ?? '0'));
const isPrice = (values: Values) => values.noteType === 'price';
const TYPES = [
  { value: 'return', label: 'Goods returned' },
  { value: 'price', label: 'Price reduced (no goods come back)' },
];

/**
 * The screen of a credit or debit note (issue 42): one configuration for both, from the note's
 * contract. A note is against any invoice of its party, paid or not. A return copies that
 * invoice's lines (what is left to return of each; only quantities are typed) and is taxed as it
 * was; a price difference takes typed lines and moves no stock. Its credit goes to its invoice
 * first; what is left is shown with Refund and Apply to an invoice.
 */
export const noteConfig = <TRecord extends NoteRecord>(
  doc: InvoiceDocument,
  texts: NoteTexts,
  deps: {
    resource: Resource<TRecord, unknown>;
    useParties: Options;
    usePartyGstin: (partyId: number) => string | null;
    partyName: (id: number) => string;
    /** The party's invoices (a list hook) and whose they are. */
    useInvoices: () => { data?: readonly AgainstRow[] | undefined };
    /** One invoice with its lines (a hook; 0: none). */
    useInvoice: (id: number) => ReturnableInvoice | null;
    partyOf: (invoice: AgainstRow) => number;
    business: Business | null;
    /** The refunds that pay this kind of credit back, and what an application changes. */
    refunds: RefundDocument;
    invalidate: readonly QueryKey[];
  },
): ListConfig<TRecord, Values, unknown> => {
  const lower = texts.name.toLowerCase();
  const plural = `${texts.name}s`;
  const partyOf = (n: TRecord) => Number(Reflect.get(n, doc.party.field));
  // Every invoice of the party, paid ones too: goods come back after payment.
  const useAgainst: Options = (values) => {
    const { data } = deps.useInvoices();
    if (!data) return null;
    const partyId = Number(values[doc.party.field] ?? 0);
    const chosen = Number(values.invoiceId ?? 0);
    return data
      .filter((i) => i.id === chosen || (i.active && deps.partyOf(i) === partyId))
      .map((i) => ({ value: String(i.id), label: `${i.invoiceNumber} — ${formatMoney(i.totalAmount)}, ${compareMoney(i.balanceDue, 0) > 0 ? `${formatMoney(i.balanceDue)} due` : 'paid'}` }));
  };
  const details = invoiceDetails<TRecord>(doc, { subtitle: `${texts.name} details`, partyName: deps.partyName });
  /** The party's invoices still due, to apply the credit to. */
  const useDue = (partyId: number) => (deps.useInvoices().data ?? []).filter((i) => i.active && deps.partyOf(i) === partyId && compareMoney(i.balanceDue, 0) > 0);
  const ApplyHere = ({ note }: { note: TRecord }) =>
    createElement(ApplyCredit, { path: doc.path, id: note.id, left: String(note.unappliedAmount ?? '0'), invoices: useDue(partyOf(note)), invalidate: deps.invalidate });
  return {
    title: plural,
    subtitle: texts.subtitle,
    addLabel: `New ${texts.name}`,
    searchPlaceholder: `Search ${lower}s...`,
    backTo: { to: routes.module(texts.module.name), label: `Back to ${texts.module.label}` },
    empty: { searching: `No ${lower}s found`, initial: `No ${lower}s found`, initialHint: texts.emptyHint },
    search: doc.search,
    searchAlso: (note) => [deps.partyName(partyOf(note))],
    card: {
      title: (note) => note.noteNumber,
      fields: [
        { label: doc.party.label, icon: User, value: (n) => deps.partyName(partyOf(n)) },
        { label: 'Invoice', icon: ReceiptText, value: (n) => String(n.againstNumber ?? '') },
        { label: 'Total', icon: IndianRupee, value: (n) => formatMoney(n.totalAmount) },
        { label: 'Credit Left', icon: Wallet, value: (n) => (compareMoney(String(n.unappliedAmount ?? '0'), 0) > 0 ? money(n.unappliedAmount) : ''), hideWhenEmpty: true },
        { label: 'Date', icon: CalendarDays, value: (n) => formatDate(n.noteDate) },
        { label: 'Reason', icon: FileText, value: (n) => n.reason, hideWhenEmpty: true },
      ],
    },
    resource: deps.resource,
    details: {
      ...details,
      fields: [
        ...details.fields.slice(0, 2),
        { label: 'Type', value: (n) => (n.noteType === 'price' ? 'Price difference' : 'Goods returned') },
        ...details.fields.slice(2),
        { label: 'Applied to Invoices', value: (n) => money(n.appliedAmount) },
        { label: 'Refunded', value: (n) => money(n.refundedAmount) },
        { label: 'Credit Left', value: (n) => money(n.unappliedAmount) },
      ],
      links: {
        title: 'Where its credit went',
        empty: 'Not applied or refunded yet.',
        rows: (n) => n.allocations.filter((a) => compareMoney(a.amount, 0) > 0).map((a) => ({ label: a.by.startsWith(`${deps.refunds.stream}-`) ? `Refund #${a.by.split('-').pop()}` : `Invoice #${a.by.split('-').pop()}`, amount: a.amount })),
      },
      actions: (n) => {
        const refund = refundAction(deps.refunds, { source: doc.streamOf(n.id), number: n.noteNumber, total: n.totalAmount, left: String(n.unappliedAmount ?? '0'), partyId: partyOf(n) });
        return [...(refund ? [refund] : []), ...(details.actions?.(n) ?? [])];
      },
      extra: withSendCard<TRecord>(doc, (n) => createElement(ApplyHere, { note: n })),
    },
    form: {
      entityLabel: doc.label,
      titles: { create: `Create ${texts.name}`, edit: `Edit ${texts.name}` },
      subtitles: { create: texts.createSubtitle, edit: `Update ${lower} details` },
      submitLabels: { create: `Create ${texts.name}`, update: `Update ${texts.name}` },
      ...invoiceForm(
        doc,
        {
          section: `${texts.name} Details`,
          useParties: deps.useParties,
          useAgainst,
          extra: [{ name: 'noteType', label: 'What is Credited', kind: 'select', required: true, options: TYPES }],
          fields: {
            noteDate: { label: 'Date' },
            reason: { placeholder: 'e.g. 2 kettles returned, damaged' },
            // A return is taxed as its invoice was (its tax mode comes with its lines).
            taxMode: { showWhen: isPrice },
            placeOfSupply: { showWhen: (v) => isPrice(v) && v.taxMode === 'gst' },
            reverseCharge: { showWhen: (v) => isPrice(v) && v.taxMode === 'gst' },
          },
          omit: ['dueDate'],
        },
        deps.business,
      ),
      lines: noteLines<TRecord>(doc, { needSaved: `Please fill in at least one line of the ${lower} (for a return: how many of an item come back)`, usePartyGstin: deps.usePartyGstin, useInvoice: deps.useInvoice }),
    },
  };
};
