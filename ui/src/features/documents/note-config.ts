import { type Business, compareMoney, type InvoiceDocument, routes } from '@erp/contracts';
import { CalendarDays, FileText, IndianRupee, ReceiptText, User } from 'lucide-react';

import type { ListConfig } from '@/components/entity-config';
import { type InvoiceLike, invoiceDetails } from '@/features/documents/invoice-details';
import { invoiceForm } from '@/features/documents/invoice-form';
import { invoiceLines } from '@/features/documents/invoice-lines';
import { formatDate, formatMoney } from '@/lib/format';
import type { Resource } from '@/lib/resource';

type Values = Record<string, unknown>;
type Options = (values: Values) => readonly { value: string; label: string }[] | null;

/** An invoice a note may be against. */
interface AgainstRow {
  readonly id: number;
  readonly invoiceNumber: string;
  readonly balanceDue: string;
  readonly active: boolean;
  readonly placeOfSupply?: string | null;
}

interface NoteRecord extends InvoiceLike {
  readonly noteNumber: string;
  readonly noteDate: string;
  /** The invoice's number (the contract types it loosely: only notes have one). */
  readonly againstNumber?: unknown;
  readonly reason: string | null;
  readonly lines: readonly {
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

/**
 * The screen of a credit or debit note (the GST issue): one configuration for both, from the
 * note's contract. A note is against one invoice of its party (the select lists that party's
 * invoices with what is still due), takes GST lines like an invoice, and its total comes off the
 * invoice's balance.
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
    partyOf: (invoice: AgainstRow) => number;
    business: Business | null;
  },
): ListConfig<TRecord, Values, unknown> => {
  const lower = texts.name.toLowerCase();
  const plural = `${texts.name}s`;
  const useAgainst: Options = (values) => {
    const { data } = deps.useInvoices();
    if (!data) return null;
    const partyId = Number(values[doc.party.field] ?? 0);
    const chosen = Number(values.invoiceId ?? 0);
    return data
      .filter((i) => i.id === chosen || (i.active && deps.partyOf(i) === partyId && compareMoney(i.balanceDue, 0) > 0))
      .map((i) => ({ value: String(i.id), label: `${i.invoiceNumber} — ${formatMoney(i.balanceDue)} due` }));
  };
  return {
    title: plural,
    subtitle: texts.subtitle,
    addLabel: `New ${texts.name}`,
    searchPlaceholder: `Search ${lower}s...`,
    backTo: { to: routes.module(texts.module.name), label: `Back to ${texts.module.label}` },
    empty: { searching: `No ${lower}s found`, initial: `No ${lower}s found`, initialHint: texts.emptyHint },
    search: doc.search as ListConfig<TRecord, Values, unknown>['search'],
    searchAlso: (note) => [deps.partyName(Number(Reflect.get(note, doc.party.field)))],
    card: {
      title: (note) => note.noteNumber,
      fields: [
        { label: doc.party.label, icon: User, value: (n) => deps.partyName(Number(Reflect.get(n, doc.party.field))) },
        { label: 'Invoice', icon: ReceiptText, value: (n) => String(n.againstNumber ?? '') },
        { label: 'Total', icon: IndianRupee, value: (n) => formatMoney(n.totalAmount) },
        { label: 'Date', icon: CalendarDays, value: (n) => formatDate(n.noteDate) },
        { label: 'Reason', icon: FileText, value: (n) => n.reason, hideWhenEmpty: true },
      ],
    },
    resource: deps.resource,
    details: invoiceDetails<TRecord>(doc, { subtitle: `${texts.name} details`, partyName: deps.partyName }),
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
          fields: { noteDate: { label: 'Date' }, reason: { placeholder: 'e.g. 2 kettles returned, damaged' } },
          omit: ['dueDate'],
        },
        deps.business,
      ),
      lines: invoiceLines<TRecord>(doc, {
        needSaved: `Please save at least one line item before submitting the ${lower}`,
        usePartyGstin: deps.usePartyGstin,
        // A credit note is taxed where its invoice was (the server's rule): the totals show it so.
        useInvoicePlaceOfSupply: (values) => {
          const { data } = deps.useInvoices();
          return data?.find((i) => i.id === Number(values.invoiceId ?? 0))?.placeOfSupply ?? null;
        },
      }),
    },
  };
};
