import { compareMoney, isDecimal, PAYMENT_METHODS, type RefundDocument, routes, sumMoney } from '@erp/contracts';
import { CalendarDays, CreditCard, Hash, IndianRupee, User } from 'lucide-react';

import type { LinesConfig, ListConfig, OpenInvoice } from '@/components/entity-config';
import type { Resource } from '@/lib/resource';
import { usePartyCredits } from '@/features/documents/credits.queries';
import { methodLabel } from '@/features/documents/payment-method';
import { settlementLines } from '@/features/documents/settlement-lines';
import { formatDate, formatMoney, todayInIndia } from '@/lib/format';

type Values = Record<string, unknown>;

/** What every refund record answers, whatever its kind names its party. */
export interface RefundLike {
  readonly id: number;
  readonly refundNumber: string | null;
  readonly refundDate: string;
  readonly paymentMethod: string;
  readonly referenceNumber: string | null;
  readonly notes: string | null;
  readonly totalAmount: string;
  readonly active: boolean;
  readonly voidReason: string | null;
  readonly lines: readonly { readonly source: string; readonly sourceNumber: string; readonly amount: string }[];
}

const filled = (v: string | undefined) => v !== undefined && v.trim() !== '';

/**
 * The lines of a refund: each a credit of the party (a note's credit left, a receipt's or
 * payment's advance) and how much of it is paid back; a refund being edited offers its own
 * credits with what it drew from them added back.
 */
const refundLines = <TRecord extends RefundLike>(doc: RefundDocument, partyPath: string, needSaved: string): LinesConfig<TRecord> => {
  const useOpen = (partyId: number, record?: TRecord): readonly OpenInvoice[] => {
    const credits = usePartyCredits(partyPath, partyId).data?.credits ?? [];
    const own = new Map((record?.lines ?? []).map((l) => [l.source, l]));
    const open = credits.map((c) => ({ id: c.source, invoiceNumber: `${c.label} ${c.number ?? `#${c.id}`}`, totalAmount: c.totalAmount, balanceDue: sumMoney([c.unappliedAmount, own.get(c.source)?.amount ?? '0']) }));
    const drawnOut = [...own.values()].filter((l) => !credits.some((c) => c.source === l.source));
    return [...open, ...drawnOut.map((l) => ({ id: l.source, invoiceNumber: l.sourceNumber, totalAmount: l.amount, balanceDue: l.amount }))];
  };
  const base = settlementLines<TRecord>({
    amountField: 'amount',
    amountLabel: 'Amount',
    partyField: doc.party.field,
    hint: `Select a ${doc.party.label.toLowerCase()} first to add their credits`,
    needSaved,
    totalsTitle: 'Total Refund',
    totalLabel: 'Amount',
    useOpen,
  });
  return {
    ...base,
    title: 'Credits Refunded',
    addLabel: 'Add Credit',
    columns: base.columns.map((c) => (c.name === 'invoiceId' ? { ...c, label: 'Credit' } : c)),
    invoices: { ...base.invoices!, balanceWord: 'left', placeholder: 'Select a credit…' },
    fromRecord: (record) => record.lines.map((l) => ({ invoiceId: l.source, invoiceNumber: l.sourceNumber, invoiceAmount: '', amount: l.amount })),
    problem: (line) => {
      if (!filled(line.invoiceId)) return 'Please select a credit';
      const amount = line.amount?.trim() ?? '';
      if (amount === '') return 'Amount is required';
      if (!isDecimal(amount)) return 'Amount must be a number, like 1250.50';
      if (compareMoney(amount, 0) <= 0) return 'Amount must be above 0';
      if (filled(line.balanceDue) && compareMoney(amount, line.balanceDue!) > 0) return `Only ${formatMoney(line.balanceDue!)} is left of ${line.invoiceNumber ?? 'this credit'}`;
      return null;
    },
    toBody: (line) => ({ source: line.invoiceId, amount: line.amount?.trim() }),
  };
};

/**
 * The screen of refunds to customers and from vendors (issue 42), from the refund's contract:
 * the party, how the money went (or came), and the credits it draws on; voided with a reason,
 * never edited away.
 */
export const refundConfig = <TRecord extends RefundLike>(
  doc: RefundDocument,
  texts: { title: string; subtitle: string; emptyHint: string; createSubtitle: string; module: { name: string; label: string } },
  deps: {
    resource: Resource<TRecord, unknown>;
    useParties: (values: Values) => readonly { value: string; label: string }[] | null;
    partyName: (id: number) => string;
    /** The party's collection path, for its credits (`/api/sales/customers`). */
    partyPath: string;
  },
): ListConfig<TRecord, Values, unknown> => {
  const party = (r: TRecord) => deps.partyName(Number(Reflect.get(r, doc.party.field)));
  const word = doc.label.toLowerCase();
  return {
    title: texts.title,
    subtitle: texts.subtitle,
    addLabel: `New ${doc.label}`,
    searchPlaceholder: `Search ${word}s...`,
    backTo: { to: routes.module(texts.module.name), label: `Back to ${texts.module.label}` },
    empty: { searching: `No ${word}s found`, initial: `No ${word}s found`, initialHint: texts.emptyHint },
    search: doc.search,
    searchAlso: (r) => [party(r)],
    card: {
      title: (r) => r.refundNumber ?? `${doc.label} #${r.id}`,
      badge: (r) => (r.voidReason ? { label: 'VOID', tone: 'red' } : null),
      fields: [
        { label: doc.party.label, icon: User, value: party },
        { label: 'Total', icon: IndianRupee, value: (r) => formatMoney(r.totalAmount) },
        { label: 'Date', icon: CalendarDays, value: (r) => formatDate(r.refundDate) },
        { label: 'Method', icon: CreditCard, value: (r) => methodLabel(r.paymentMethod) },
        { label: 'Reference', icon: Hash, value: (r) => r.referenceNumber, hideWhenEmpty: true },
      ],
    },
    resource: deps.resource,
    details: {
      title: (r) => r.refundNumber ?? `${doc.label} #${r.id}`,
      subtitle: `${doc.label} details`,
      fields: [
        { label: doc.party.label, value: party },
        { label: 'Date', value: (r) => formatDate(r.refundDate) },
        { label: 'Method', value: (r) => methodLabel(r.paymentMethod) },
        { label: 'Reference', value: (r) => r.referenceNumber },
        { label: 'Amount', value: (r) => formatMoney(r.totalAmount) },
        { label: 'Voided', value: (r) => r.voidReason },
        { label: 'Notes', value: (r) => r.notes },
      ],
      lines: {
        title: 'Credits refunded',
        columns: [
          { label: 'Credit', value: (l) => String(l.sourceNumber) },
          { label: 'Amount', value: (l) => formatMoney(String(l.amount)), numeric: true },
        ],
      },
    },
    form: {
      entityLabel: doc.label,
      schema: doc.header,
      titles: { create: `Create ${doc.label}`, edit: `Edit ${doc.label}` },
      subtitles: { create: texts.createSubtitle, edit: `Update ${word} details` },
      submitLabels: { create: `Create ${doc.label}`, update: `Update ${doc.label}` },
      voidConfirm: {
        title: `Void ${doc.label}`,
        body: `A voided ${word} draws on no credit: the ${doc.party.label.toLowerCase()} has that credit again. This cannot be undone. Why is it voided?`,
        voidedBecause: (r) => r.voidReason,
      },
      remember: ['paymentMethod'],
      sections: [
        {
          title: `${doc.label} Details`,
          fields: [
            { name: doc.party.field, label: doc.party.label, kind: 'select', required: true, useOptions: deps.useParties },
            { name: doc.dateField, label: 'Date', kind: 'date', required: true },
            { name: 'paymentMethod', label: 'Payment Method', kind: 'select', required: true, options: PAYMENT_METHODS },
            { name: 'referenceNumber', label: 'Reference Number', kind: 'text', placeholder: 'Cheque no., UTR, transaction id' },
            { name: 'notes', label: 'Notes', kind: 'textarea' },
          ],
        },
      ],
      lines: refundLines<TRecord>(doc, deps.partyPath, 'Please add and save at least one credit before submitting'),
      emptyValues: { [doc.party.field]: '', [doc.dateField]: todayInIndia(), paymentMethod: 'cash', referenceNumber: '', notes: '', active: true },
      toFormValues: (r) => ({
        [doc.party.field]: String(Reflect.get(r, doc.party.field)),
        [doc.dateField]: r.refundDate,
        paymentMethod: r.paymentMethod,
        referenceNumber: r.referenceNumber ?? '',
        notes: r.notes ?? '',
        active: r.active,
      }),
    },
  };
};
