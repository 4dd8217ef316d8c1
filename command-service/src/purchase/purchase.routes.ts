import {
  byId,
  PurchaseInvoiceBodySchema,
  purchaseInvoices,
  VendorPaymentBodySchema,
  vendorPayments,
} from '@erp/contracts';
import type Router from '@koa/router';

import type { CommandDeps } from '../master-data/master-data.routes';
import { commandRoute } from '../shared/command-route';
import { foldStored } from '../shared/decider';
import { invoiceDecider, invoiceOf } from './invoice.decider';
import { paymentDecider, paymentOf } from './payment.decider';
import { recordInvoice, recordPayment, reviseInvoice, revisePayment } from './purchase.commands';

/** POST and PUT /{id} of purchase invoices and vendor payments (documents are not deleted). */
export const purchaseWriteRoutes = (router: Router, deps: CommandDeps) => {
  const invoiceReplay = async (streamId: string) => invoiceOf(foldStored(invoiceDecider, (await deps.store.readStream(streamId)).events));
  const paymentReplay = async (streamId: string) => paymentOf(foldStored(paymentDecider, (await deps.store.readStream(streamId)).events));

  commandRoute(router, deps.store, {
    method: 'post',
    path: purchaseInvoices.path,
    label: purchaseInvoices.label,
    body: PurchaseInvoiceBodySchema,
    status: 201,
    command: async ({ body, metadata }) => recordInvoice(await deps.ids.next('purchase-invoice'), body, metadata),
    location: (invoice) => (invoice ? byId(purchaseInvoices.path, invoice.id) : undefined),
    replay: invoiceReplay,
  });
  commandRoute(router, deps.store, {
    method: 'put',
    path: byId(purchaseInvoices.path, ':id'),
    label: purchaseInvoices.label,
    body: PurchaseInvoiceBodySchema,
    status: 200,
    command: ({ id, body, metadata }) => reviseInvoice(id, body, metadata),
    replay: invoiceReplay,
  });
  commandRoute(router, deps.store, {
    method: 'post',
    path: vendorPayments.path,
    label: vendorPayments.label,
    body: VendorPaymentBodySchema,
    status: 201,
    command: async ({ body, metadata }) => recordPayment(await deps.ids.next('vendor-payment'), body, metadata),
    location: (payment) => (payment ? byId(vendorPayments.path, payment.id) : undefined),
    replay: paymentReplay,
  });
  commandRoute(router, deps.store, {
    method: 'put',
    path: byId(vendorPayments.path, ':id'),
    label: vendorPayments.label,
    body: VendorPaymentBodySchema,
    status: 200,
    command: ({ id, body, metadata }) => revisePayment(id, body, metadata),
    replay: paymentReplay,
  });
};
