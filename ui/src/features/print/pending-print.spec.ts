import { type Business, salesInvoices } from '@erp/contracts';
import { describe, expect, it } from 'vitest';

import type { OutboxEntry } from '@/lib/outbox';

import { pendingPrintable, PROVISIONAL } from './pending-print';

const business: Business = {
  legalName: 'Sharma Traders Pvt Ltd',
  tradeName: null,
  address: null,
  state: '27',
  gstin: '27AAPFU0939F1ZV',
  pan: null,
  phone: null,
  email: null,
  taxpayerType: 'regular',
  bankName: null,
  bankAccountNumber: null,
  ifsc: null,
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
const party = { name: 'Tilak Stores', address: 'Pune', gstNumber: '29AAACB2894G1ZJ', panNumber: null, phone: null, email: null, paymentTerms: 'Net 15', paymentTermDays: 15 };

const entry = (body: Record<string, unknown>, queuedAt = '2026-11-27T20:00:00.000Z'): OutboxEntry => ({
  id: 'k1',
  seq: 1,
  method: 'POST',
  path: salesInvoices.path,
  body,
  ifMatch: null,
  queuedAt,
  state: 'waiting',
  refusal: null,
  note: {},
});

describe('a sale waiting on the phone, printed (issue 47 item 3)', () => {
  it('has the figures its decider will record, the device number, the India date, the terms and the mark', () => {
    const printed = pendingPrintable(
      salesInvoices,
      entry({
        customerId: 4,
        invoiceNumber: 'D3/2026-27/0007',
        taxMode: 'gst',
        lines: [{ itemName: 'Tea', hsn: '0902', quantity: '2', rate: '50.05', gstRate: '5' }, { itemName: 'Notebooks', hsn: '4820', quantity: '7', rate: '33.13', gstRate: '12' }],
        paidNow: '100',
      }),
      business,
      party,
    )!;
    expect(printed.provisional).toBe(PROVISIONAL);
    expect(printed.number).toBe('D3/2026-27/0007');
    // 20:00 UTC is 01:30 the next day in India: the server's date for it.
    expect(printed.date).toBe('2026-11-28');
    expect(printed.dueDate).toBe('2026-12-13');
    // Karnataka's buyer of a Maharashtra seller: IGST, by line.
    expect(printed.tax).toBe('inter');
    expect(printed.totals).toEqual({ taxableValue: '332.01', cgst: '0.00', sgst: '0.00', igst: '32.84', taxAmount: '32.84', roundOff: '0.15', total: '365.00' });
    expect(printed.recipient.name).toBe('Tilak Stores');
    // What is left to pay, in the UPI link.
    expect(printed.payTo?.upiLink).toContain('am=265.00');
  });

  it('without a number of the device series, says the number comes when it syncs', () => {
    const printed = pendingPrintable(salesInvoices, entry({ customerId: 4, lines: [{ itemName: 'Rice', rate: '640' }] }), null, null)!;
    expect(printed.number).toMatch(/given when synced/);
    expect(printed.recipient.name).toBe('Customer 4');
    expect(printed.totals.total).toBe('640.00');
  });

  it('a body the command service would refuse is not printed', () => {
    expect(pendingPrintable(salesInvoices, entry({ lines: [] }), business, party)).toBeNull();
  });
});
