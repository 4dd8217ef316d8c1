import {
  type Allocation,
  invoiceStatus,
  PURCHASE_INVOICE_EVENT_TYPES,
  type PurchaseInvoiceEvent,
  PurchaseInvoiceEventSchema,
  purchaseInvoices,
  subtractMoney,
  sumMoney,
} from '@erp/contracts';

import { defineProjection } from '../runner/projection';
import { isReplay } from '../runner/replay-guard';
import { table } from '../runner/table';

/** One row per purchase invoice: what it says, what is paid on it, and its derived status. */
export const purchaseInvoiceTable = table({
  name: purchaseInvoices.listTable,
  key: 'id',
  versioned: true,
  columns: {
    id: 'integer',
    version: 'integer',
    createdAt: 'timestamptz',
    updatedAt: 'timestamptz',
    vendorId: 'integer',
    invoiceNumber: 'text',
    invoiceDate: 'date',
    dueDate: 'date',
    subTotal: 'numeric',
    taxAmount: 'numeric',
    totalAmount: 'numeric',
    paidAmount: 'numeric',
    balanceDue: 'numeric',
    status: 'text',
    description: 'text',
    active: 'boolean',
    lines: 'jsonb',
    allocations: 'jsonb',
  },
  indexes: [['vendorId'], ['invoiceDate']],
});

/** Paid amount, balance and status from the total and the allocations (DESIGN §3.5). */
const money = (total: string, allocations: readonly Allocation[]) => {
  const paidAmount = sumMoney(allocations.map((a) => a.amount));
  return { paidAmount, balanceDue: subtractMoney(total, paidAmount), status: invoiceStatus(total, paidAmount) };
};

export const purchaseInvoiceListProjection = defineProjection<PurchaseInvoiceEvent>({
  name: purchaseInvoiceTable.name,
  version: 1,
  tables: [purchaseInvoiceTable],
  handles: PURCHASE_INVOICE_EVENT_TYPES,
  decode: (stored) => PurchaseInvoiceEventSchema.parse(stored),
  rowsOf: (event) => [{ table: purchaseInvoiceTable, key: event.data.id, fresh: event.type === 'PurchaseInvoiceRecorded' }],
  apply: (event, context, rows) => {
    const row = rows.get(purchaseInvoiceTable, event.data.id);
    if (isReplay(row, context)) return;
    const stamp = { version: context.streamVersion, updatedAt: context.at };
    const allocations = ((row?.allocations ?? []) as Allocation[]).filter((a) => a !== null);
    switch (event.type) {
      case 'PurchaseInvoiceRecorded':
        rows.put(purchaseInvoiceTable, { ...event.data, ...stamp, createdAt: context.at, allocations: [], ...money(event.data.totalAmount, []) });
        return;
      case 'PurchaseInvoiceRevised':
        if (row) rows.put(purchaseInvoiceTable, { ...row, ...event.data, ...stamp, ...money(event.data.totalAmount, allocations) });
        return;
      case 'PurchaseInvoicePaymentAllocated':
      case 'PurchaseInvoicePaymentReleased': {
        if (!row) return;
        const others = allocations.filter((a) => a.paymentId !== event.data.paymentId);
        const next = event.type === 'PurchaseInvoicePaymentAllocated' ? [...others, { paymentId: event.data.paymentId, amount: event.data.amount }] : others;
        rows.put(purchaseInvoiceTable, { ...row, ...stamp, allocations: next, ...money(String(row.totalAmount), next) });
        return;
      }
    }
  },
});
