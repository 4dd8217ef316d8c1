import { DomainError, type InvoiceBodyView, type InvoiceChange, invoiceEvent, PurchaseInvoiceBodySchema } from '@erp/contracts';
import { describe, expect, it } from 'vitest';

import type { StoredEvent } from '../shared/decider';
import { evolveAll } from '../shared/decider';
import { DeciderSpecification } from '../testing/decider-specification';
import { INVOICE_SLICES } from './index';
import { type InvoiceCommand, invoiceOf } from './invoice.decider';

const metadata = { now: new Date('2026-11-22T20:00:00Z'), userId: 1, correlationId: 'c-1' };

describe.each(INVOICE_SLICES)('$doc.label (invoice document)', ({ doc, decider }) => {
  const party = doc.party.field;
  const spec = DeciderSpecification.for(decider);
  const body = (input: Record<string, unknown> = {}): InvoiceBodyView =>
    doc.body.parse({
      [party]: 4,
      invoiceNumber: 'B-17',
      taxAmount: '18.25',
      lines: [
        { itemName: 'Basmati rice', quantity: '2.5', rate: '40.10' },
        { itemName: 'Toor dal', quantity: 3, rate: 0.335 * 100 },
      ],
      ...input,
    });
  const record = (input: Record<string, unknown> = {}): InvoiceCommand => ({ type: 'Record', data: { id: 9, body: body(input) }, metadata });
  const revise = (input: Record<string, unknown> = {}): InvoiceCommand => ({ type: 'Revise', data: { id: 9, body: body(input) }, metadata });
  const allocate = (paymentId: number, amount: string, partyId = 4): InvoiceCommand => ({
    type: 'Allocate',
    data: { id: 9, settlementId: paymentId, partyId, amount, line: 2, amountField: 'paidAmount' },
    metadata,
  });
  const release = (paymentId: number): InvoiceCommand => ({ type: 'Release', data: { id: 9, settlementId: paymentId }, metadata });
  const emit = (change: InvoiceChange): StoredEvent => invoiceEvent(doc, change);
  const [recorded] = [decider.decide(record(), decider.initialState())].flat();
  const allocated = (paymentId: number, amount: string) => emit({ kind: 'allocated', id: 9, settlementId: paymentId, amount });
  const released = (paymentId: number) => emit({ kind: 'released', id: 9, settlementId: paymentId });

  const conflictOn = (path: string, message: RegExp) => (e: unknown) => {
    expect(e).toBeInstanceOf(DomainError);
    expect(e).toMatchObject({ kind: 'conflict', issues: [{ path, message: expect.stringMatching(message) }] });
    return true;
  };

  it('computes line amounts (2 decimals, half-up), sub total and total exactly; the date defaults to today in India', () => {
    expect(recorded).toEqual({
      type: doc.events.names.recorded,
      data: expect.objectContaining({
        invoiceDate: '2026-11-23', // 20:00 UTC is past midnight in Kolkata
        subTotal: '200.75', // 2.5 × 40.10 = 100.25; 3 × 33.50 = 100.50
        taxAmount: '18.25',
        totalAmount: '219.00',
        lines: [
          expect.objectContaining({ lineNo: 1, amount: '100.25' }),
          expect.objectContaining({ lineNo: 2, quantity: '3', rate: '33.50', amount: '100.50' }),
        ],
      }),
    });
  });

  it('rounds a line amount half-up to the paisa', () => {
    const [event] = [decider.decide(record({ taxAmount: 0, lines: [{ itemName: 'x', quantity: '0.005', rate: '1.00' }] }), decider.initialState())].flat();
    expect(event!.data).toMatchObject({ subTotal: '0.01', totalAmount: '0.01' });
  });

  it('allocates a payment up to its total', () => spec.given([recorded!]).when(allocate(1, '219')).then([allocated(1, '219.00')]));

  it('refuses more than the balance: a conflict naming the payment line, saying what is due', () =>
    spec.given([recorded!, allocated(1, '200.00')]).when(allocate(2, '19.01')).thenThrows(conflictOn('lines.2.paidAmount', /Only ₹19\.00 is due on invoice B-17/)));

  it('re-allocating a payment replaces its amount (its own old amount does not count against it)', () =>
    spec.given([recorded!, allocated(1, '200.00')]).when(allocate(1, '219.00')).then([allocated(1, '219.00')]));

  it('the same allocation again changes nothing', () => spec.given([recorded!, allocated(1, '50.00')]).when(allocate(1, '50')).thenNothingHappened());

  it('refuses a payment of another vendor', () =>
    spec.given([recorded!]).when(allocate(1, '10', 5)).thenThrows(conflictOn('lines.2.invoiceId', /not from this/)));

  it('refuses an allocation to an invoice that does not exist', () =>
    spec.given([]).when(allocate(1, '10')).thenThrows(conflictOn('lines.2.invoiceId', /Invoice 9 not found/)));

  it('releases an allocation it holds, and only that', () => {
    spec.given([recorded!, allocated(1, '50.00')]).when(release(1)).then([released(1)]);
    spec.given([recorded!, allocated(1, '50.00')]).when(release(2)).thenNothingHappened();
  });

  it('a revision cannot take the total below what is paid: 409 saying how much', () =>
    spec
      .given([recorded!, allocated(1, '150.00')])
      .when(revise({ taxAmount: 0, lines: [{ itemName: 'x', quantity: 1, rate: '149.99' }] }))
      .thenThrows(conflictOn('lines', /₹150\.00 is already paid/)));

  it('a revision down to exactly what is paid is allowed; the date is kept when not sent', () =>
    spec
      .given([recorded!, allocated(1, '150.00')])
      .when(revise({ taxAmount: 0, lines: [{ itemName: 'x', quantity: 1, rate: '150' }] }))
      .then([{ type: doc.events.names.revised, data: expect.objectContaining({ totalAmount: '150.00', invoiceDate: '2026-11-23' }) }]));

  it('a revision that changes nothing appends nothing', () => spec.given([recorded!]).when(revise()).thenNothingHappened());

  it('a paid invoice cannot move to another vendor', () =>
    spec.given([recorded!, allocated(1, '10.00')]).when(revise({ [party]: 5 })).thenThrows(conflictOn(party, /cannot change/)));

  it('status follows the money: pending, partial, paid', () => {
    const at = (...events: StoredEvent[]) => invoiceOf(doc, evolveAll(decider, decider.initialState(), [recorded!, ...events]), new Date())!;
    expect(at().status).toBe('pending');
    expect(at(allocated(1, '19.00'))).toMatchObject({ status: 'partial', paidAmount: '19.00', balanceDue: '200.00' });
    expect(at(allocated(1, '19.00'), allocated(2, '200.00'))).toMatchObject({ status: 'paid', balanceDue: '0.00' });
    expect(at(allocated(1, '19.00'), allocated(2, '200.00'), released(2)).status).toBe('partial');
  });

  it('answers overdue as a read does: at the command time, from the due date', () => {
    const [late] = [decider.decide(record({ dueDate: '2026-11-01' }), decider.initialState())].flat();
    const answer = invoiceOf(doc, evolveAll(decider, decider.initialState(), [late!]), metadata.now)!;
    expect(answer.status).toBe(doc.overdue ? 'overdue' : 'pending');
  });
});

describe('purchase invoice body', () => {
  it('names each missing piece with the seed messages', () => {
    const result = PurchaseInvoiceBodySchema.safeParse({ vendorId: 0, lines: [{ quantity: '', rate: '' }] });
    expect(result.success).toBe(false);
    const issues = result.error!.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toEqual(
      expect.arrayContaining([
        ['vendorId', 'Please select a vendor'],
        ['invoiceNumber', 'Invoice number is required'],
        ['lines.0.itemName', 'Item name is required'],
        ['lines.0.quantity', 'Quantity is required'],
        ['lines.0.rate', 'Rate is required'],
      ]),
    );
    expect(PurchaseInvoiceBodySchema.safeParse({ vendorId: 1, invoiceNumber: 'x', lines: [] }).error!.issues[0]!.message).toBe('At least one line item is required');
  });

  it('quantity takes steps of 0.001 and rate of 0.01', () => {
    const bad = PurchaseInvoiceBodySchema.safeParse({ vendorId: 1, invoiceNumber: 'x', lines: [{ itemName: 'a', quantity: '1.0005', rate: '1.005' }] });
    expect(bad.error!.issues.map((i) => i.message)).toEqual(['Quantity can have at most 3 decimal places', 'Rate can have at most 2 decimal places']);
  });
});
