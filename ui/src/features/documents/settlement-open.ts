import { type SettlementDocument, sumMoney } from '@erp/contracts';

import type { OpenInvoice } from '@/components/entity-config';

/** An invoice-like row as its list answers it; its number and party under its kind's own names. */
export interface SettledRow {
  readonly id: number;
  readonly status: string;
  readonly active: boolean;
  readonly totalAmount: string;
  readonly balanceDue: string;
}

/** 'paymentDate' → 'Payment Date'; 'Paid amount' → 'Paid Amount'. */
export const titleWords = (text: string) =>
  text
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .split(' ')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');

/** A row's number under its kind's field (`expenseNumber`), or `#id` before it has one. */
export const numberOf = (doc: SettlementDocument, row: object & { readonly id: number }) => {
  const number: unknown = Reflect.get(row, doc.invoices.numberField);
  return typeof number === 'string' && number !== '' ? number : `#${row.id}`;
};

/**
 * What a line of this settlement may settle for a party: its active rows not fully paid, plus those
 * the settlement being edited already settles (their balance counts its own share back in).
 */
export const openToSettle = <TRow extends SettledRow>(
  doc: SettlementDocument,
  rows: readonly TRow[],
  partyId: number,
  record?: { readonly lines: readonly Record<string, unknown>[] },
): OpenInvoice[] => {
  const own = new Map((record?.lines ?? []).map((l) => [Number(l.invoiceId), String(l[doc.lineAmount.field])]));
  return rows
    .filter((row) => Number(Reflect.get(row, doc.invoices.party.field)) === partyId)
    .filter((row) => own.has(row.id) || (row.active && row.status !== 'paid'))
    .map((row) => {
      const mine = own.get(row.id);
      return { id: row.id, invoiceNumber: numberOf(doc, row), totalAmount: row.totalAmount, balanceDue: mine ? sumMoney([row.balanceDue, mine]) : row.balanceDue };
    });
};
