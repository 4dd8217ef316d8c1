import { type Business, decimal, INVOICE_DOCUMENTS, type InvoiceDocument, routes } from '@erp/contracts';
import { ArrowRight, CalendarClock, CalendarDays, IndianRupee, User } from 'lucide-react';

import type { CardField, ListConfig, OpenElsewhere } from '@/components/entity-config';
import { openNew } from '@/components/use-screen-view';
import { type DocumentLike, documentFields, LINE_COLUMNS, printActions } from '@/features/documents/invoice-details';
import { invoiceForm } from '@/features/documents/invoice-form';
import { invoiceLines } from '@/features/documents/invoice-lines';
import { withSendCard } from '@/features/share/send-extra';
import type { Resource } from '@/lib/resource';
import { formatDate, formatMoney } from '@/lib/format';

type Values = Record<string, unknown>;
type Options = (values: Values) => readonly { value: string; label: string }[] | null;

interface QuoteLine {
  readonly lineNo: number;
  readonly itemId: number | null;
  readonly itemName: string;
  readonly description: string | null;
  readonly hsn: string | null;
  readonly unit: string | null;
  readonly quantity: string;
  readonly rate: string;
  readonly discount: string;
  readonly gstRate: string;
  readonly gstCategory: string;
  readonly remainingQuantity?: string;
}

/** An estimate or an order as answered: its status from its answer and what it became (issue 45). */
export interface QuoteRecord extends DocumentLike {
  readonly active: boolean;
  readonly lines: readonly QuoteLine[];
  readonly convertedTo: readonly { readonly by: string; readonly number: string }[];
}

export interface QuoteTexts {
  /** 'Estimate', 'Sale Order'. */
  readonly name: string;
  readonly subtitle: string;
  readonly emptyHint: string;
  readonly createSubtitle: string;
}

const STATUS_TONES = { accepted: 'green', done: 'green', declined: 'red', expired: 'red' } as const;
const statusBadge = (status: string) => ({ label: status === 'done' ? 'DONE' : status.toUpperCase(), tone: Reflect.get(STATUS_TONES, status) ?? ('yellow' as const) });
const text = (record: object, name: string) => String(Reflect.get(record, name) ?? '');
/** 'sales-invoice-4' → the kind's label: 'Sales invoice'. */
const kindOf = (by: string) => INVOICE_DOCUMENTS.find((d) => by.startsWith(`${d.stream}-`) && /^\d+$/.test(by.slice(d.stream.length + 1)));

/**
 * 'Convert to Sale order', 'Convert to Sales invoice': the target's form with this customer,
 * the document as its source and what is left of each line filled in. None once nothing is
 * left, or when it is inactive or declined.
 */
export const convertActions = <TRecord extends QuoteRecord>(doc: InvoiceDocument) => (record: TRecord): OpenElsewhere[] => {
  const left = record.lines.filter((l) => decimal(l.remainingQuantity ?? l.quantity).gt(0));
  if (!record.active || record.status === 'declined' || left.length === 0) return [];
  const lines = left.map((l) => {
    const remaining = l.remainingQuantity ?? l.quantity;
    return {
      itemId: l.itemId === null ? '' : String(l.itemId),
      itemName: l.itemName,
      description: l.description ?? '',
      hsn: l.hsn ?? '',
      unit: l.unit ?? '',
      quantity: remaining,
      rate: l.rate,
      // A line's discount comes whole with the whole line; part of a line is priced afresh.
      discount: remaining === l.quantity && l.discount !== '0.00' ? l.discount : '',
      gstRate: l.gstRate,
      gstCategory: l.gstCategory === 'exempt' || l.gstCategory === 'non-gst' ? l.gstCategory : '',
      sourceLineNo: String(l.lineNo),
    };
  });
  const values = { [doc.party.field]: text(record, doc.party.field), source: doc.streamOf(record.id), taxMode: record.taxMode, placeOfSupply: record.placeOfSupply ?? '' };
  return (doc.converts ?? []).flatMap((stream) => {
    const target = INVOICE_DOCUMENTS.find((d) => d.stream === stream);
    return target ? [{ label: `Convert to ${target.label}`, icon: ArrowRight, to: openNew(routes.task(target.module, target.plural), { values, lines }) }] : [];
  });
};

/**
 * The screen of a kind that no one pays (issue 45: an estimate, a sale order), from its contract:
 * list, form and details; each line with what later documents took and what is left, the
 * documents made from it, Convert actions for what is left, and its print, PDF and Send card
 * when the kind prints.
 */
export const quoteConfig = <TRecord extends QuoteRecord>(
  doc: InvoiceDocument,
  texts: QuoteTexts,
  deps: { resource: Resource<TRecord, unknown>; useParties: Options; usePartyGstin: (partyId: number) => string | null; partyName: (id: number) => string; business: Business | null },
): ListConfig<TRecord, Values, unknown> => {
  const lower = texts.name.toLowerCase();
  const partyOf = (r: TRecord) => Number(Reflect.get(r, doc.party.field));
  const due: CardField<TRecord> = { label: doc.dueLabel, value: (r) => formatDate(text(r, doc.dueField)), hideWhenEmpty: true };
  const made: CardField<TRecord> = {
    label: 'Converted Into',
    value: (r) => r.convertedTo.map((c) => `${kindOf(c.by)?.fullLabel ?? c.by} ${c.number}`).join(', '),
    hideWhenEmpty: true,
  };
  const convert = convertActions<TRecord>(doc);
  return {
    title: `${texts.name}s`,
    subtitle: texts.subtitle,
    addLabel: `New ${texts.name}`,
    searchPlaceholder: `Search ${lower}s...`,
    backTo: { to: routes.module(doc.module), label: `Back to ${doc.module.charAt(0).toUpperCase()}${doc.module.slice(1)}` },
    empty: { searching: `No ${lower}s found`, initial: `No ${lower}s found`, initialHint: texts.emptyHint },
    search: doc.search,
    searchAlso: (r) => [deps.partyName(partyOf(r))],
    card: {
      title: (r) => text(r, doc.numberField),
      badge: (r) => statusBadge(r.status),
      fields: [
        { label: doc.party.label, icon: User, value: (r) => deps.partyName(partyOf(r)) },
        { label: 'Total', icon: IndianRupee, value: (r) => formatMoney(r.totalAmount) },
        { label: 'Date', icon: CalendarDays, value: (r) => formatDate(text(r, doc.dateField)) },
        { ...due, icon: CalendarClock },
      ],
    },
    resource: deps.resource,
    details: {
      title: (r) => text(r, doc.numberField),
      subtitle: `${texts.name} details`,
      badge: (r) => statusBadge(r.status),
      fields: [...documentFields<TRecord>(doc, deps.partyName, [due]), made],
      lines: {
        title: 'Line Items',
        columns: [
          ...LINE_COLUMNS,
          ...(doc.converts
            ? [
                { label: 'Converted', value: (l: Record<string, unknown>) => String(l.convertedQuantity ?? '0'), numeric: true },
                { label: 'Left', value: (l: Record<string, unknown>) => String(l.remainingQuantity ?? l.quantity), numeric: true },
              ]
            : []),
        ],
      },
      actions: (r) => [...printActions(doc, r), ...convert(r)],
      extra: withSendCard<TRecord>(doc),
    },
    form: {
      entityLabel: doc.label,
      titles: { create: `Create ${texts.name}`, edit: `Edit ${texts.name}` },
      subtitles: { create: texts.createSubtitle, edit: `Update ${lower} details` },
      submitLabels: { create: `Create ${texts.name}`, update: `Update ${texts.name}` },
      ...invoiceForm(doc, { section: `${texts.name} Details`, useParties: deps.useParties, fields: { [doc.dateField]: { label: 'Date' } } }, deps.business),
      lines: invoiceLines<TRecord>(doc, { needSaved: `Please save at least one line item before submitting the ${lower}`, usePartyGstin: deps.usePartyGstin }),
    },
  };
};

