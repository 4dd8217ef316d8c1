import { VENDOR_PAYMENT_EVENT_TYPES, type VendorPaymentEvent, VendorPaymentEventSchema, vendorPayments } from '@erp/contracts';

import { defineProjection } from '../runner/projection';
import { isReplay } from '../runner/replay-guard';
import { table } from '../runner/table';

/** One row per vendor payment, its lines as recorded (invoice number and amount at the time). */
export const vendorPaymentTable = table({
  name: vendorPayments.listTable,
  key: 'id',
  versioned: true,
  columns: {
    id: 'integer',
    version: 'integer',
    createdAt: 'timestamptz',
    updatedAt: 'timestamptz',
    vendorId: 'integer',
    paymentDate: 'date',
    paymentMethod: 'text',
    referenceNumber: 'text',
    description: 'text',
    totalAmount: 'numeric',
    active: 'boolean',
    invoiceId: 'integer',
    lines: 'jsonb',
  },
  indexes: [['vendorId'], ['paymentDate']],
});

export const vendorPaymentListProjection = defineProjection<VendorPaymentEvent>({
  name: vendorPaymentTable.name,
  version: 1,
  tables: [vendorPaymentTable],
  handles: VENDOR_PAYMENT_EVENT_TYPES,
  decode: (stored) => VendorPaymentEventSchema.parse(stored),
  rowsOf: (event) => [{ table: vendorPaymentTable, key: event.data.id, fresh: event.type === 'VendorPaymentRecorded' }],
  apply: (event, context, rows) => {
    const row = rows.get(vendorPaymentTable, event.data.id);
    if (isReplay(row, context)) return;
    const values = { ...event.data, invoiceId: event.data.lines[0]?.invoiceId ?? null, version: context.streamVersion, updatedAt: context.at };
    if (event.type === 'VendorPaymentRecorded') rows.put(vendorPaymentTable, { ...values, createdAt: context.at });
    else if (row) rows.put(vendorPaymentTable, { ...row, ...values });
  },
});
