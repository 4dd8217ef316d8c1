import {
  PurchaseInvoiceEventSchema,
  PurchaseInvoiceSchema,
  PurchaseInvoiceSummarySchema,
  purchaseInvoices,
  sumMoney,
  VendorPaymentEventSchema,
  VendorPaymentSchema,
  VendorPaymentSummarySchema,
  vendorPayments,
} from '@erp/contracts';
import { purchaseInvoiceTable, vendorPaymentTable } from '@erp/projections';
import type Router from '@koa/router';

import type { ReadDeps } from '../shared/read-your-writes';
import { diff, documentReadRoutes } from './document.routes';

/** Invoices and payments of the purchase module, read from their list tables. */
export const purchaseReadRoutes = (router: Router, deps: ReadDeps) => {
  documentReadRoutes(router, deps, {
    label: purchaseInvoices.label,
    path: purchaseInvoices.path,
    table: purchaseInvoiceTable,
    stream: purchaseInvoices.stream,
    dateColumn: 'invoiceDate',
    summary: (row) => PurchaseInvoiceSummarySchema.parse(row),
    document: (row) => PurchaseInvoiceSchema.parse(row),
    changes: (stored, before) => {
      const event = PurchaseInvoiceEventSchema.parse(stored);
      if (event.type === 'PurchaseInvoiceRecorded' || event.type === 'PurchaseInvoiceRevised') {
        const { id: _id, ...after } = event.data;
        return { changes: diff(before, { ...after, paidBy: before.paidBy ?? {} }), after: { ...after, paidBy: before.paidBy ?? {} } };
      }
      const paidBy = { ...(before.paidBy as Record<string, string> | undefined) };
      if (event.type === 'PurchaseInvoicePaymentAllocated') paidBy[event.data.paymentId] = event.data.amount;
      else delete paidBy[event.data.paymentId];
      const from = sumMoney(Object.values((before.paidBy as Record<string, string> | undefined) ?? {}));
      const to = sumMoney(Object.values(paidBy));
      return { changes: from === to ? [] : [{ field: 'paidAmount', from, to }], after: { ...before, paidBy } };
    },
  });
  documentReadRoutes(router, deps, {
    label: vendorPayments.label,
    path: vendorPayments.path,
    table: vendorPaymentTable,
    stream: vendorPayments.stream,
    dateColumn: 'paymentDate',
    summary: (row) => VendorPaymentSummarySchema.parse(row),
    document: (row) => VendorPaymentSchema.parse(row),
    changes: (stored, before) => {
      const { id: _id, ...after } = VendorPaymentEventSchema.parse(stored).data;
      return { changes: diff(before, after), after };
    },
  });
};
