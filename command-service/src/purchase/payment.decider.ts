import {
  conflict,
  indiaDate,
  notFound,
  sumMoney,
  type VendorPayment,
  type VendorPaymentEvent,
  VendorPaymentEventSchema,
  VENDOR_PAYMENT_EVENT_TYPES,
  type VendorPaymentRecordedData,
} from '@erp/contracts';

import type { Command, Decider } from '../shared/decider';

export type PaymentState =
  | { readonly status: 'absent' }
  | { readonly status: 'recorded'; readonly payment: VendorPaymentRecordedData };

/** A payment as the command prepared it: lines already matched to their invoices. */
export interface PaymentDraft {
  readonly vendorId: number;
  readonly paymentDate: string | null;
  readonly paymentMethod: VendorPaymentRecordedData['paymentMethod'];
  readonly referenceNumber: string | null;
  readonly description: string | null;
  readonly active: boolean;
  readonly lines: VendorPaymentRecordedData['lines'];
  /** A direct payment's amount (no lines). */
  readonly directAmount: string | null;
}

export type PaymentCommand =
  | Command<'Record', { readonly id: number; readonly draft: PaymentDraft }>
  | Command<'Revise', { readonly id: number; readonly draft: PaymentDraft }>;

const recorded = (id: number, draft: PaymentDraft, now: Date, previousDate?: string): VendorPaymentRecordedData => ({
  id,
  vendorId: draft.vendorId,
  paymentDate: draft.paymentDate ?? previousDate ?? indiaDate(now),
  paymentMethod: draft.paymentMethod,
  referenceNumber: draft.referenceNumber,
  description: draft.description,
  totalAmount: draft.lines.length > 0 ? sumMoney(draft.lines.map((l) => l.paidAmount)) : (draft.directAmount ?? '0.00'),
  active: draft.active,
  lines: draft.lines,
});

/**
 * A vendor payment's own stream. Its allocations to invoices are decided by each invoice's
 * decider in the same append (payment.commands.ts); this one records what was paid.
 */
export const paymentDecider: Decider<PaymentState, PaymentCommand, VendorPaymentEvent> = {
  initialState: () => ({ status: 'absent' }),
  decode: (stored) => ((VENDOR_PAYMENT_EVENT_TYPES as readonly string[]).includes(stored.type) ? VendorPaymentEventSchema.parse(stored) : null),
  evolve: (_state, event) => ({ status: 'recorded', payment: event.data }),
  decide: (command, state) => {
    const { id, draft } = command.data;
    switch (command.type) {
      case 'Record':
        if (state.status !== 'absent') throw conflict(`Payment ${id} already exists`);
        return { type: 'VendorPaymentRecorded', data: recorded(id, draft, command.metadata.now) };
      case 'Revise': {
        if (state.status !== 'recorded') throw notFound(`Payment ${id} not found`);
        const next = recorded(id, draft, command.metadata.now, state.payment.paymentDate);
        return JSON.stringify(next) === JSON.stringify(state.payment) ? [] : { type: 'VendorPaymentRevised', data: next };
      }
    }
  },
};

export const paymentOf = (state: PaymentState): VendorPayment | undefined =>
  state.status === 'recorded' ? { ...state.payment, invoiceId: state.payment.lines[0]?.invoiceId ?? null } : undefined;
