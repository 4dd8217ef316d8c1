import { z } from 'zod';

import { DateString, Id, INVOICE_STATUSES, moneyOrZero, MoneyString, quantity, reference, requiredMoney } from '../documents';
import { optionalDateInput, optionalTextInput, requiredTextInput } from '../fields';

/** Purchase invoices (SEED-SPEC §2, §3, §5, §9; DESIGN §3.5, §4): a document with lines. */
export const purchaseInvoices = {
  module: 'purchase',
  plural: 'invoices',
  label: 'Invoice',
  path: '/api/purchase/invoices',
  stream: (id: number) => `purchase-invoice-${id}`,
  /** A vendor cannot have the same bill number twice: claimed by reservation (DESIGN §4). */
  numberStream: (vendorId: number, invoiceNumber: string) =>
    `purchase-invoice-number:${vendorId}:${invoiceNumber.trim().toLowerCase()}`,
  listTable: 'purchase_invoice_list',
} as const;

export const PurchaseInvoiceLineBodySchema = z.object({
  itemName: requiredTextInput('Item name is required'),
  description: optionalTextInput(),
  quantity: quantity(),
  rate: requiredMoney('Rate', 'Rate is required'),
  /** Ignored: the server computes every amount (DESIGN §4). */
  amount: z.unknown().optional(),
});

export const PurchaseInvoiceBodySchema = z.object({
  vendorId: reference('Please select a vendor'),
  invoiceNumber: requiredTextInput('Invoice number is required'),
  /** Blank → today in India. */
  invoiceDate: optionalDateInput(),
  dueDate: optionalDateInput(),
  taxAmount: moneyOrZero('Tax amount'),
  description: optionalTextInput(),
  active: z.boolean({ error: 'Expected true or false' }).optional().default(true),
  lines: z
    .array(PurchaseInvoiceLineBodySchema, { error: 'At least one line item is required' })
    .min(1, 'At least one line item is required')
    .max(500, 'At most 500 lines'),
});
export type PurchaseInvoiceBody = z.output<typeof PurchaseInvoiceBodySchema>;
export type PurchaseInvoiceInput = z.input<typeof PurchaseInvoiceBodySchema>;

export const PurchaseInvoiceLineSchema = z.object({
  lineNo: z.number().int().positive(),
  itemName: z.string(),
  description: z.string().nullable(),
  quantity: z.string(),
  rate: MoneyString,
  amount: MoneyString,
});
export type PurchaseInvoiceLine = z.output<typeof PurchaseInvoiceLineSchema>;

export const AllocationSchema = z.object({ paymentId: Id, amount: MoneyString });
export type Allocation = z.output<typeof AllocationSchema>;

/** What the events carry and the list answers: the invoice as recorded, amounts computed. */
const InvoiceData = z.object({
  id: Id,
  vendorId: Id,
  invoiceNumber: z.string(),
  invoiceDate: DateString,
  dueDate: DateString.nullable(),
  subTotal: MoneyString,
  taxAmount: MoneyString,
  totalAmount: MoneyString,
  description: z.string().nullable(),
  active: z.boolean(),
});

/** A list entry: the invoice with what is paid on it and its derived status (no lines). */
export const PurchaseInvoiceSummarySchema = InvoiceData.extend({
  paidAmount: MoneyString,
  balanceDue: MoneyString,
  status: z.enum(INVOICE_STATUSES),
});
export type PurchaseInvoiceSummary = z.output<typeof PurchaseInvoiceSummarySchema>;

/** GET …/{id}: the summary, its lines and the payments allocated to it. */
export const PurchaseInvoiceSchema = PurchaseInvoiceSummarySchema.extend({
  lines: z.array(PurchaseInvoiceLineSchema),
  allocations: z.array(AllocationSchema),
});
export type PurchaseInvoice = z.output<typeof PurchaseInvoiceSchema>;

const Recorded = InvoiceData.extend({ lines: z.array(PurchaseInvoiceLineSchema) });

export const PurchaseInvoiceEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('PurchaseInvoiceRecorded'), data: Recorded }),
  /** A revision carries the whole invoice again (its new lines replace the old). */
  z.object({ type: z.literal('PurchaseInvoiceRevised'), data: Recorded }),
  /** A payment's allocation to this invoice, set to `amount` (a re-allocation replaces it). */
  z.object({ type: z.literal('PurchaseInvoicePaymentAllocated'), data: z.object({ id: Id, paymentId: Id, amount: MoneyString }) }),
  z.object({ type: z.literal('PurchaseInvoicePaymentReleased'), data: z.object({ id: Id, paymentId: Id }) }),
]);
export type PurchaseInvoiceEvent = z.output<typeof PurchaseInvoiceEventSchema>;
export type PurchaseInvoiceRecordedData = z.output<typeof Recorded>;
export const PURCHASE_INVOICE_EVENT_TYPES = PurchaseInvoiceEventSchema.options.map((o) => o.shape.type.value);
