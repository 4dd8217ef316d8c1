import { DomainError, expenses, type InvoiceChange, invoicePostings, settlementPostings, expensePayments } from '@erp/contracts';
import { describe, expect, it } from 'vitest';

import { evolveAll } from '../shared/decider';
import { DeciderSpecification } from '../testing/decider-specification';
import { INVOICE_SLICES } from './index';
import { invoiceOf } from './invoice-answer';
import type { InvoiceCommand, InvoiceContext } from './invoice.decider';

/**
 * Expenses (issue 45), decided without I/O: a category is required and is the ledger the lines
 * post to; tax is input tax credit only from a registered supplier; paid now it is settled at
 * once, later it is owed to the vendor.
 */
const metadata = { now: new Date('2026-11-22T06:00:00Z'), userId: 1, correlationId: 'c-1' };
const maharashtra = { state: '27', gstin: '27AAPFU0939F1ZV', taxpayerType: 'regular' as const };
const SUPPLIER_GSTIN = '27AAACR5055K1Z7';
const context = (over: Partial<InvoiceContext> = {}): InvoiceContext => ({ business: maharashtra, partyGstin: null, number: 'EXP/2026-27/0001', against: null, termDays: null, ...over });
const { decider } = INVOICE_SLICES.find((s) => s.doc === expenses)!;
const spec = DeciderSpecification.for(decider);

const body = (input: Record<string, unknown> = {}) =>
  expenses.body.parse({ vendorId: 4, expenseDate: '2026-11-20', category: 'electricity', lines: [{ itemName: 'Electricity, October', rate: '1000.00' }], ...input });
const record = (input: Record<string, unknown> = {}, ctx = context()): InvoiceCommand => ({ type: 'Record', data: { id: 7, body: body(input), context: ctx }, metadata });
const recordedOf = (input: Record<string, unknown> = {}, ctx = context()) => decider.decide(record(input, ctx), decider.initialState()) as InvoiceChange[];
const dataOf = (changes: InvoiceChange[]) => (changes[0] && 'data' in changes[0] ? changes[0].data : undefined);
const lines = (postings: ReturnType<typeof invoicePostings>) => postings.map((p) => `${p.account}${p.party ? `(${p.party})` : ''} ${p.debit !== '0.00' ? `Dr ${p.debit}` : `Cr ${p.credit}`}`);

const refusedOn = (path: string, message: RegExp) => (e: unknown) => {
  expect(e).toBeInstanceOf(DomainError);
  expect(e).toMatchObject({ kind: 'validation', issues: [{ path, message: expect.stringMatching(message) }] });
  return true;
};

describe('an expense', () => {
  it('needs a category, one of its expense heads (400 on category)', () => {
    for (const category of [undefined, '', 'sales', 'debtors', 'rent ; drop']) {
      const parsed = expenses.body.safeParse({ vendorId: 4, category, lines: [{ itemName: 'Rent', rate: '100' }] });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['category', 'Please select a category']]);
    }
    expect(body({ category: 'rent' }).category).toBe('rent');
  });

  it('is booked under its category: Dr the head, Cr the vendor; no Purchases, no stock', () => {
    const data = dataOf(recordedOf({ category: 'rent' }))!;
    expect(data).toMatchObject({ category: 'rent', number: 'EXP/2026-27/0001', totalAmount: '1000.00', repeatMonthly: false });
    expect(lines(invoicePostings(expenses, data))).toEqual(['rent Dr 1000.00', 'creditors(vendor-4) Cr 1000.00']);
    expect(expenses.stock).toBeUndefined();
  });

  it('from a registered supplier, GST on each line is input tax credit: Dr the head and Input GST', () => {
    const data = dataOf(recordedOf({ taxMode: 'gst', lines: [{ itemName: 'Repairs', rate: '999.99', gstRate: '18' }], category: 'repairs' }, context({ partyGstin: SUPPLIER_GSTIN })))!;
    expect(data).toMatchObject({ supplyType: 'intra', subTotal: '999.99', cgst: '90.00', sgst: '90.00', totalAmount: '1180.00' });
    expect(lines(invoicePostings(expenses, data))).toEqual(['repairs Dr 999.99', 'input-cgst Dr 90.00', 'input-sgst Dr 90.00', 'round-off Dr 0.01', 'creditors(vendor-4) Cr 1180.00']);
  });

  it('from a supplier without a GSTIN carries no tax: GST or tax typed by hand is refused (400 naming the field)', () => {
    spec.given([]).when(record({ taxMode: 'gst', lines: [{ itemName: 'Diesel', rate: '500', gstRate: '18' }] })).thenThrows(refusedOn('taxMode', /no GSTIN.*no input tax credit/));
    spec.given([]).when(record({ taxAmount: '90.00' })).thenThrows(refusedOn('taxAmount', /no GSTIN/));
    // Without tax it is recorded, and posts no input tax.
    const data = dataOf(recordedOf({ category: 'transport' }))!;
    expect(lines(invoicePostings(expenses, data))).toEqual(['transport Dr 1000.00', 'creditors(vendor-4) Cr 1000.00']);
  });

  it('paid now: its payment settles it at once (Cr Cash or Bank through the vendor); later: it stays owed', () => {
    const recorded = recordedOf();
    const owed = invoiceOf(expenses, evolveAll(decider, decider.initialState(), recorded), metadata.now);
    expect(owed).toMatchObject({ balanceDue: '1000.00', status: 'pending' });

    const by = `${expensePayments.stream}-3`;
    const paid = [decider.decide({ type: 'Allocate', data: { id: 7, by, as: 'paid', partyId: 4, amount: '1000.00', path: 'paidNow' }, metadata }, evolveAll(decider, decider.initialState(), recorded))].flat();
    expect(paid).toEqual([{ kind: 'allocated', id: 7, by, amount: '1000.00', as: 'paid', lodged: null }]);
    const settled = invoiceOf(expenses, evolveAll(decider, decider.initialState(), [...recorded, ...paid]), metadata.now);
    expect(settled).toMatchObject({ balanceDue: '0.00', status: 'paid' });
    const payment = settlementPostings(expensePayments, { partyId: 4, paymentMethod: 'upi', totalAmount: '1000.00', active: true });
    expect(lines(payment)).toEqual(['creditors(vendor-4) Dr 1000.00', 'bank Cr 1000.00']);
    // Paying it twice over is refused.
    spec.given([...recorded, ...paid]).when({ type: 'Allocate', data: { id: 7, by: `${expensePayments.stream}-4`, as: 'paid', partyId: 4, amount: '0.01', path: 'paidNow' }, metadata }).thenThrows((e) => e instanceof DomainError);
  });

  it('says whether it repeats monthly, and keeps it through a revision', () => {
    const recorded = recordedOf({ repeatMonthly: true, category: 'rent' });
    expect(dataOf(recorded)).toMatchObject({ repeatMonthly: true });
    const stored = expenses.write(recorded[0]!);
    expect(stored.data).toMatchObject({ category: 'rent', repeatMonthly: true, expenseNumber: 'EXP/2026-27/0001' });
    expect(expenses.read(stored)).toEqual(recorded[0]);
    spec.given(recorded).when({ type: 'Revise', data: { id: 7, body: body({ repeatMonthly: true, category: 'rent' }), context: context() }, metadata }).thenNothingHappened();
  });
});
