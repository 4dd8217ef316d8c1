import { z } from 'zod';

import { PAYMENT_METHODS } from '../constants';
import { DateString, Id, MoneyString, reference, requiredMoney } from '../documents';
import { optionalDateInput, optionalTextInput } from '../fields';

/** Vendor payments (SEED-SPEC §2, §3, §5; DESIGN §4): lines allocate money to invoices. */
export const vendorPayments = {
  module: 'purchase',
  plural: 'payments',
  label: 'Payment',
  path: '/api/purchase/payments',
  stream: (id: number) => `vendor-payment-${id}`,
  listTable: 'vendor_payment_list',
} as const;

const METHODS = PAYMENT_METHODS.map((m) => m.value) as [string, ...string[]];
const METHOD_ERROR = 'Please select a payment method';

export const VendorPaymentLineBodySchema = z.object({
  invoiceId: reference('Please select an invoice'),
  paidAmount: requiredMoney('Paid amount', 'Paid amount is required', { positive: true }),
  /** Ignored: the server takes them from the invoice. */
  invoiceNumber: z.unknown().optional(),
  invoiceAmount: z.unknown().optional(),
});

export const VendorPaymentBodySchema = z.object({
  vendorId: reference('Please select a vendor'),
  /** Blank → today in India. */
  paymentDate: optionalDateInput(),
  paymentMethod: z.enum(METHODS, { error: METHOD_ERROR }),
  referenceNumber: optionalTextInput(),
  description: optionalTextInput(),
  active: z.boolean({ error: 'Expected true or false' }).optional().default(true),
  /** Empty: a direct payment, of `amount`. */
  lines: z.array(VendorPaymentLineBodySchema).max(500, 'At most 500 lines').optional().default([]),
  /** Only for a direct payment (no lines); with lines the total is their sum. */
  amount: z.unknown().optional(),
});
export type VendorPaymentBody = z.output<typeof VendorPaymentBodySchema>;
export type VendorPaymentInput = z.input<typeof VendorPaymentBodySchema>;

/** The amount of a direct payment, checked only when there are no lines. */
export const DirectAmountSchema = requiredMoney('Amount', 'Amount is required for a payment without invoice lines', { positive: true });

export const VendorPaymentLineSchema = z.object({
  lineNo: z.number().int().positive(),
  invoiceId: Id,
  invoiceNumber: z.string(),
  invoiceAmount: MoneyString,
  paidAmount: MoneyString,
});
export type VendorPaymentLine = z.output<typeof VendorPaymentLineSchema>;

const PaymentData = z.object({
  id: Id,
  vendorId: Id,
  paymentDate: DateString,
  paymentMethod: z.enum(METHODS),
  referenceNumber: z.string().nullable(),
  description: z.string().nullable(),
  totalAmount: MoneyString,
  active: z.boolean(),
});

/** A list entry; `invoiceId` is the first line's invoice (the seed's card shows one), or null. */
export const VendorPaymentSummarySchema = PaymentData.extend({ invoiceId: Id.nullable() });
export type VendorPaymentSummary = z.output<typeof VendorPaymentSummarySchema>;

export const VendorPaymentSchema = VendorPaymentSummarySchema.extend({ lines: z.array(VendorPaymentLineSchema) });
export type VendorPayment = z.output<typeof VendorPaymentSchema>;

const Recorded = PaymentData.extend({ lines: z.array(VendorPaymentLineSchema) });

export const VendorPaymentEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('VendorPaymentRecorded'), data: Recorded }),
  z.object({ type: z.literal('VendorPaymentRevised'), data: Recorded }),
]);
export type VendorPaymentEvent = z.output<typeof VendorPaymentEventSchema>;
export type VendorPaymentRecordedData = z.output<typeof Recorded>;
export const VENDOR_PAYMENT_EVENT_TYPES = VendorPaymentEventSchema.options.map((o) => o.shape.type.value);
