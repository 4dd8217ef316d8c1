import { compareMoney, type RefundDocument, type SettlementDocument } from '@erp/contracts';
import type { QueryKey } from '@tanstack/react-query';

import type { CardField, FieldConfig } from '@/components/entity-config';
import { ApplyCredit, type DueInvoice } from '@/features/documents/apply-credit';
import { refundAction } from '@/features/documents/credit-actions';
import { formatMoney } from '@/lib/format';

/** What a payment or receipt answers of its money beyond its lines (issue 42). */
interface Advance {
  readonly id: number;
  readonly totalAmount: string;
  readonly appliedAmount: string;
  readonly refundedAmount: string;
  readonly unappliedAmount: string;
}

/** The amount received or paid: blank is the lines' total; more than them is an advance. */
export const amountField = (label: string): FieldConfig<Record<string, unknown>> => ({
  name: 'amount',
  label,
  kind: 'money',
  placeholder: "Blank: the lines' total",
  hint: 'More than the invoice lines (or no lines): the rest is kept as an advance, to apply or refund later',
});

/** The form's amount of a saved one: what it holds when that is more than its lines, else blank. */
export const amountValue = (record: Advance) => (compareMoney(record.totalAmount, record.appliedAmount) > 0 ? record.totalAmount : '');

/** With an amount and no lines it is an advance (money on account). */
export const withoutLines = (values: Record<string, unknown>) => String(values.amount ?? '').trim() !== '';

/** Applied, refunded and what is left, on its details. */
export const advanceFields = <T extends Advance>(): CardField<T>[] => [
  { label: 'Applied to Invoices', value: (r) => formatMoney(r.appliedAmount) },
  { label: 'Refunded', value: (r) => formatMoney(r.refundedAmount), hideWhenEmpty: true },
  { label: 'Advance Left', value: (r) => formatMoney(r.unappliedAmount) },
];

/** 'Refund' of what is left of it, and 'Apply to an invoice' under its summary. */
export const advanceActions = <T extends Advance>(
  doc: SettlementDocument,
  refunds: RefundDocument,
  deps: { number: (r: T) => string; partyOf: (r: T) => number; useDue: (partyId: number) => readonly DueInvoice[]; invalidate: readonly QueryKey[] },
) => {
  function ApplyAdvance({ record }: { record: T }) {
    return <ApplyCredit path={doc.path} id={record.id} left={record.unappliedAmount} invoices={deps.useDue(deps.partyOf(record))} invalidate={deps.invalidate} />;
  }
  return {
    actions: (r: T) => {
      const refund = refundAction(refunds, { source: doc.streamOf(r.id), number: deps.number(r), total: r.totalAmount, left: r.unappliedAmount, partyId: deps.partyOf(r) });
      return refund ? [refund] : [];
    },
    extra: (r: T) => <ApplyAdvance record={r} />,
  };
};
