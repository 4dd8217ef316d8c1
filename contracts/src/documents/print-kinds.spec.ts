import { describe, expect, it } from 'vitest';

import { type Dispatch } from '../gst/dispatch';
import { eInvoiceProblem } from '../gst/e-invoice';
import { eWayBill } from '../gst/e-way-bill';
import { purchaseOrders } from '../purchase/purchase-orders';
import { deliveryChallans } from '../sales/delivery-challans';
import { estimates } from '../sales/estimates';
import { salesInvoices } from '../sales/invoices';
import { saleOrders } from '../sales/sale-orders';
import type { InvoiceDocument } from './invoice-kind';
import { lineBody } from './lines';
import { hasEDocuments, hasEInvoice, hasEWayBill, isPrintable, printableDocument, printSourceOf } from './print';
import { documentDefinition } from './print-layout';
import { priceDocument } from './pricing';

/** A business that takes payment by bank and UPI: a document that is not paid shows neither. */
const business = {
  legalName: 'Sharma Traders Pvt Ltd',
  tradeName: null,
  address: 'Shop 4, MG Road, Pune',
  state: '27',
  gstin: '27AAPFU0939F1ZV',
  pan: null,
  phone: null,
  email: null,
  taxpayerType: 'regular' as const,
  bankName: 'State Bank of India',
  bankAccountNumber: '12345678901',
  ifsc: 'SBIN0000001',
  upiId: 'sharma@upi',
  invoicePrefix: 'INV',
  creditNotePrefix: 'CN',
  debitNotePrefix: 'DN',
  estimatePrefix: 'EST',
  saleOrderPrefix: 'SO',
  purchaseOrderPrefix: 'PO',
  deliveryChallanPrefix: 'DC',
  expensePrefix: 'EXP',
  expensePaymentPrefix: 'EPAY',
  receiptPrefix: 'RCT',
  paymentPrefix: 'PAY',
  refundPrefix: 'RFD',
  vendorRefundPrefix: 'VRF',
  booksBegin: null,
};
const party = { name: 'Tilak Stores', address: 'Karve Road, Pune', gstNumber: '27AAACT2727Q1ZW', panNumber: null, phone: null, email: null };
const lines = [lineBody('1').parse({ itemName: 'Steel almirah', hsn: '9403', quantity: '2', rate: '40000', gstRate: '18' })];
const priced = priceDocument('sales', { taxMode: 'gst', taxAmount: '0', placeOfSupply: null, reverseCharge: false, lines }, business, null)!;

/** A record of a kind as the API answers it: its own number, date and due date fields. */
const record = (doc: Pick<InvoiceDocument, 'numberField' | 'dateField' | 'dueField'>, number: string, due: string | null) => ({
  ...priced,
  taxMode: 'gst',
  [doc.numberField]: number,
  [doc.dateField]: '2026-11-20',
  [doc.dueField]: due,
  notes: null,
});

const printed = (doc: InvoiceDocument, number: string, due: string | null = '2026-12-20') => printableDocument(printSourceOf(doc, record(doc, number, due)), business, party);

/** Every text the PDF draws, run by run. */
const pdfText = (doc: ReturnType<typeof printed>) => JSON.stringify(documentDefinition(doc).content);

describe('the documents a shop sends before or without an invoice print (issue 45)', () => {
  it('an estimate: its title, number and valid-until day; not a tax invoice, nothing to pay', () => {
    const estimate = printed(estimates, 'EST/2026-27/0001');
    expect(estimate).toMatchObject({ title: 'Estimate', numberLabel: 'Estimate No.', dueLabel: 'Valid until', dueDate: '2026-12-20', recipientLabel: 'Estimate for', payTo: null, paid: false, copy: null });
    const text = pdfText(estimate);
    expect(text).toContain('Valid until: 20-12-2026');
    expect(text).not.toMatch(/Tax Invoice|Scan to pay|Pay to|Paid|Original for recipient|Due:|reverse charge/);
  });

  it('a sale order: the order confirmation, with its delivery date', () => {
    const order = printed(saleOrders, 'SO/2026-27/0001');
    expect(order).toMatchObject({ title: 'Sale Order', numberLabel: 'Order No.', dueLabel: 'Delivery date', recipientLabel: 'Bill to', payTo: null, paid: false });
    expect(pdfText(order)).not.toMatch(/Tax Invoice|Scan to pay|Pay to|reverse charge/);
  });

  it('a purchase order: to the vendor, whose state is no place of supply, with nothing to pay to us', () => {
    const order = printed(purchaseOrders, 'PO/2026-27/0001');
    expect(order).toMatchObject({ title: 'Purchase Order', numberLabel: 'PO No.', dueLabel: 'Deliver by', recipientLabel: 'To (vendor)', payTo: null, paid: false });
    expect(order.recipient.state).toBe('27-Maharashtra');
    expect(pdfText(order)).not.toMatch(/Tax Invoice|Scan to pay|Pay to|reverse charge/);
  });

  it('a delivery challan carries what CGST Rule 55 asks: number and date, both parties with GSTINs, HSN, quantity, taxable value, tax, place of supply, signature', () => {
    const challan = printed(deliveryChallans, 'DC/2026-27/0001', null);
    expect(challan).toMatchObject({ title: 'Delivery Challan', numberLabel: 'Challan No.', recipientLabel: 'Consignee', copy: 'Original for consignee', payTo: null, paid: false, tax: 'intra' });
    const text = pdfText(challan);
    for (const particular of ['Challan No. DC/2026-27/0001', 'Date: 20-11-2026', '27AAPFU0939F1ZV', '27AAACT2727Q1ZW', 'Karve Road, Pune', '9403', 'Steel almirah', 'Place of supply: 27-Maharashtra', 'CGST %', 'Authorised Signatory']) {
      expect(text).toContain(particular);
    }
    expect(text).not.toMatch(/Tax Invoice|Scan to pay|Pay to|reverse charge/);
  });

  it('each prints; only tax invoices and notes have an e-invoice, and of these four only the challan an e-way bill', () => {
    for (const doc of [estimates, saleOrders, purchaseOrders, deliveryChallans]) {
      expect(isPrintable(doc)).toBe(true);
      expect(hasEInvoice(doc)).toBe(false);
      expect(hasEWayBill(doc)).toBe(doc === deliveryChallans);
      expect(hasEDocuments(doc)).toBe(doc === deliveryChallans);
    }
    expect([hasEInvoice(salesInvoices), hasEWayBill(salesInvoices)]).toEqual([true, true]);
    // A tax invoice says whether tax is payable on reverse charge (Rule 46(p)); the four above do not.
    expect(pdfText(printed(salesInvoices, 'INV/2026-27/0001'))).toContain('Tax payable on reverse charge: No');
  });

  it("a challan's e-way bill: outward, on a challan (CHL), sub-type 'Others' with its description", () => {
    const dispatch: Dispatch = {
      fromPlace: 'Pune',
      fromPincode: '411001',
      toPlace: 'Pune',
      toPincode: '411004',
      transportMode: '1',
      distanceKm: 8,
      transporterId: null,
      transporterName: null,
      transportDocNumber: null,
      transportDocDate: null,
      vehicleNumber: 'MH12AB1234',
      vehicleType: 'R',
    };
    const source = printSourceOf(deliveryChallans, record(deliveryChallans, 'DC/2026-27/0001', null));
    expect(eWayBill({ source, business, party, dispatch })).toMatchObject({ supplyType: 'O', subSupplyType: 8, subSupplyDesc: 'Delivery challan', docType: 'CHL', docNo: 'DC/2026-27/0001' });
    expect(eInvoiceProblem({ source, business, party })).toBe('Only tax invoices and credit and debit notes are e-invoiced');
  });
});
