import { compareMoney, PAYMENT_METHODS, routes, type SettlementDocument } from '@erp/contracts';
import { CalendarDays, FileText, Hash, IndianRupee, Link2, Wallet } from 'lucide-react';
import { useMemo } from 'react';

import type { CardField, FieldConfig, ListConfig } from '@/components/entity-config';
import { usePaymentCashNotice } from '@/features/books/cash-in-hand';
import { useLabels } from '@/features/documents/lookups';
import { partyOptionsFrom } from '@/features/documents/parties';
import { methodLabel } from '@/features/documents/payment-method';
import { amountField, amountValue, withoutLines } from '@/features/documents/settlement-credit';
import { settlementLines } from '@/features/documents/settlement-lines';
import { numberOf, openToSettle, type SettledRow, titleWords } from '@/features/documents/settlement-open';
import { formatDate, formatMoney, todayInIndia } from '@/lib/format';
import type { Resource } from '@/lib/resource';

type Values = Record<string, unknown>;
type UseList<T> = () => { data?: readonly T[] | undefined };

/** What every payment-like record answers, whatever its kind names its party, number and date. */
export interface SettlementLike {
  readonly id: number;
  readonly invoiceId: number | null;
  readonly paymentMethod: string;
  readonly totalAmount: string;
  readonly appliedAmount: string;
  readonly refundedAmount: string;
  readonly unappliedAmount: string;
  readonly active: boolean;
  readonly voidReason: string | null;
  readonly lines: readonly Record<string, unknown>[];
}

interface PartyRow {
  readonly id: number;
  readonly name: string;
  readonly active: boolean;
  readonly paymentTerms: string | null;
  readonly paymentTermDays: number | null;
}

export interface SettlementTexts {
  title: string;
  subtitle: string;
  /** The list before anything is recorded. */
  empty: string;
  createSubtitle: string;
  module: { name: string; label: string };
  /** Money paid beyond the lines is kept as an advance ('Amount Paid'); without it, lines only. */
  advance?: { amountLabel: string; needSaved: string };
}

/** The texts a settlement's own fields carry, by field name. */
const TEXT_FIELDS: Readonly<Record<string, { label: string; card: string; kind: 'text' | 'textarea'; placeholder: string }>> = {
  referenceNumber: { label: 'Reference Number', card: 'Reference', kind: 'text', placeholder: 'Cheque no., UTR, transaction id' },
  description: { label: 'Description', card: 'Description', kind: 'textarea', placeholder: 'Optional notes' },
  notes: { label: 'Notes', card: 'Notes', kind: 'textarea', placeholder: 'Optional notes' },
};

const textOf = (record: object, field: string): string | null => {
  const value: unknown = Reflect.get(record, field);
  return typeof value === 'string' ? value : null;
};

/**
 * The list, card and form of a settlement kind (a payment of its invoices: SEED-SPEC §4), all from
 * its contract: the party, the invoices it settles with what is left on each, the method, its
 * texts; voided with a reason, like a vendor payment. `names` gives a card its party and invoice.
 */
export const settlementConfig = <TRecord extends SettlementLike>(
  doc: SettlementDocument,
  texts: SettlementTexts,
  deps: {
    resource: Resource<TRecord, unknown>;
    useParties: (values: Values) => readonly { value: string; label: string }[] | null;
    useOpen: (partyId: number, record?: TRecord) => ReturnType<typeof openToSettle>;
    partyName: (id: number) => string;
    invoiceName: (id: number) => string;
  },
): ListConfig<TRecord, Values, unknown> => {
  const label = titleWords(doc.label);
  const word = doc.label.toLowerCase();
  const invoice = doc.invoices.label;
  const invoiceWord = invoice.toLowerCase();
  const party = (r: TRecord) => deps.partyName(Number(Reflect.get(r, doc.party.field)));
  const advance = texts.advance;
  const advanceLeft: CardField<TRecord>[] = advance
    ? [{ label: 'Advance Left', icon: Wallet, value: (r) => (compareMoney(r.unappliedAmount, 0) > 0 ? formatMoney(r.unappliedAmount) : ''), hideWhenEmpty: true }]
    : [];
  const own = doc.texts.filter((t) => t in TEXT_FIELDS);
  const textFields: FieldConfig<Values>[] = own.map((t) => ({ name: t, ...TEXT_FIELDS[t]! }));
  return {
    title: texts.title,
    subtitle: texts.subtitle,
    addLabel: `Add ${label}`,
    searchPlaceholder: `Search ${word}s...`,
    backTo: { to: routes.module(texts.module.name), label: `Back to ${texts.module.label}` },
    empty: { searching: `No ${word}s found matching your search.`, initial: texts.empty },
    search: doc.search,
    searchAlso: (r) => [party(r)],
    card: {
      title: party,
      badge: (r) => (r.voidReason ? { label: 'VOID', tone: 'red' } : { label: methodLabel(r.paymentMethod), tone: 'blue' }),
      fields: [
        { label: 'Number', icon: Hash, value: (r) => textOf(r, doc.numberField), hideWhenEmpty: true },
        { label: 'Total', icon: IndianRupee, value: (r) => formatMoney(r.totalAmount) },
        { label: 'Date', icon: CalendarDays, value: (r) => formatDate(String(Reflect.get(r, doc.dateField))) },
        { label: invoice, icon: Link2, value: (r) => (r.invoiceId ? deps.invoiceName(r.invoiceId) : `Direct ${doc.label}`) },
        ...advanceLeft,
        ...own.map((t): CardField<TRecord> => ({ label: TEXT_FIELDS[t]!.card, icon: t === 'referenceNumber' ? Hash : FileText, value: (r) => textOf(r, t), hideWhenEmpty: true })),
      ],
    },
    resource: deps.resource,
    form: {
      entityLabel: doc.label,
      schema: doc.header,
      titles: { create: `Create ${label}`, edit: `Edit ${label}` },
      voidConfirm: {
        title: `Void ${label}`,
        body: `A voided ${word} settles no ${invoiceWord}: each ${invoiceWord} it paid owes that money again. This cannot be undone. Why is it voided?`,
        voidedBecause: (r) => r.voidReason,
      },
      subtitles: { create: texts.createSubtitle, edit: `Update ${word} details` },
      remember: ['paymentMethod'],
      submitLabels: { create: `Create ${label}`, update: `Update ${label}` },
      sections: [
        {
          title: `${label} Details`,
          fields: [
            { name: doc.party.field, label: doc.party.label, kind: 'select', required: true, useOptions: deps.useParties },
            { name: doc.dateField, label: titleWords(doc.dateField), kind: 'date', required: true },
            { name: 'paymentMethod', label: 'Payment Method', kind: 'select', required: true, options: PAYMENT_METHODS },
            ...(advance ? [amountField(advance.amountLabel)] : []),
            ...textFields,
          ],
        },
      ],
      lines: {
        ...settlementLines<TRecord>({
          amountField: doc.lineAmount.field,
          amountLabel: titleWords(doc.lineAmount.label),
          partyField: doc.party.field,
          hint: `Select a ${doc.party.label.toLowerCase()} first to add ${invoiceWord}s`,
          needSaved: advance?.needSaved ?? `Please add and save at least one ${invoiceWord} line`,
          totalsTitle: `Total ${label}`,
          totalLabel: 'Total',
          useOpen: deps.useOpen,
          invoiceLabel: invoice,
        }),
        ...(advance ? { optional: withoutLines } : {}),
        // Paid in cash: says so when it would take cash in hand below zero (issue 43).
        ...(doc.money === 'out' ? { useNotice: usePaymentCashNotice } : {}),
      },
      emptyValues: {
        [doc.party.field]: '',
        [doc.dateField]: todayInIndia(),
        paymentMethod: 'cash',
        ...(advance ? { amount: '' } : {}),
        ...Object.fromEntries(own.map((t) => [t, ''])),
        active: true,
      },
      toFormValues: (r) => ({
        [doc.party.field]: String(Reflect.get(r, doc.party.field)),
        [doc.dateField]: String(Reflect.get(r, doc.dateField)),
        paymentMethod: r.paymentMethod,
        ...(advance ? { amount: amountValue(r) } : {}),
        ...Object.fromEntries(own.map((t) => [t, textOf(r, t) ?? ''])),
        active: r.active,
      }),
    },
  };
};

/**
 * A settlement kind's screen from its contract and two resources: the invoices it settles and
 * their parties. Gives the hook a screen passes to EntityListScreen.
 */
export const settlementScreen = <TRecord extends SettlementLike, TRow extends SettledRow, TParty extends PartyRow>(
  doc: SettlementDocument,
  texts: SettlementTexts,
  deps: { resource: Resource<TRecord, unknown>; invoices: { useList: UseList<TRow> }; parties: { useList: UseList<TParty> } },
) => {
  const useParties = partyOptionsFrom(deps.parties.useList, doc.party.field);
  const useOpen = (partyId: number, record?: TRecord) => openToSettle(doc, deps.invoices.useList().data ?? [], partyId, record);
  return function useSettlementConfig() {
    const partyName = useLabels(deps.parties.useList, (p) => p.name);
    const invoiceName = useLabels(deps.invoices.useList, (row) => numberOf(doc, row));
    return useMemo(
      () =>
        settlementConfig<TRecord>(doc, texts, {
          resource: deps.resource,
          useParties,
          useOpen,
          partyName: (id) => partyName(id, `Unknown ${doc.party.label}`),
          invoiceName: (id) => invoiceName(id, `Unknown ${doc.invoices.label}`),
        }),
      [partyName, invoiceName],
    );
  };
};
