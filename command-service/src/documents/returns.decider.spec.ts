import { creditNotes, DomainError, type InvoiceChange, type InvoiceData, type Lodged, salesInvoices } from '@erp/contracts';
import { describe, expect, it } from 'vitest';

import { evolveAll } from '../shared/decider';
import { DeciderSpecification } from '../testing/decider-specification';
import { invoiceOf } from './invoice-answer';
import type { InvoiceCommand, InvoiceContext } from './invoice.decider';
import { INVOICE_SLICES } from './index';

/**
 * Issue 42: notes within what their invoice invoiced, in the invoice's decider (its total, each
 * line's quantity), and a note's credit — applied to its invoice up to what is due, the rest
 * unapplied — in the note's.
 */
const metadata = { now: new Date('2026-11-22T06:00:00Z'), userId: 1, correlationId: 'c-1' };
const sales = INVOICE_SLICES.find((s) => s.doc === salesInvoices)!;
const notes = INVOICE_SLICES.find((s) => s.doc === creditNotes)!;
const conflictOn = (path: string, message: RegExp) => (e: unknown) => {
  expect(e).toBeInstanceOf(DomainError);
  expect(e).toMatchObject({ kind: 'conflict', issues: [{ path, message: expect.stringMatching(message) }] });
  return true;
};
const invalidOn = (path: string, message: RegExp) => (e: unknown) => {
  expect(e).toMatchObject({ kind: 'validation', issues: [{ path, message: expect.stringMatching(message) }] });
  return true;
};

// An invoice of 5 kettles at ₹400 less ₹100 off and 2 packets of tea at ₹50, typed tax 0: ₹2,000.
const invoiceBody = salesInvoices.body.parse({
  customerId: 4,
  lines: [
    { itemId: 7, itemName: 'Kettle', hsn: '8516', unit: 'NOS', quantity: '5', rate: '400', discount: '100', gstRate: '18' },
    { itemName: 'Tea', quantity: '2', rate: '50' },
  ],
});
const context = (against: InvoiceContext['against'] = null): InvoiceContext => ({ business: null, partyGstin: null, number: 'CN-1', against, termDays: null });
const [invoiceRecorded] = sales.decider.decide({ type: 'Record', data: { id: 9, body: invoiceBody, context: { ...context(), number: 'INV-9' } }, metadata }, sales.decider.initialState()) as InvoiceChange[];
const invoice = (invoiceRecorded as { data: InvoiceData }).data;
const against = { id: 9, partyId: 4, number: 'INV-9', date: invoice.date, placeOfSupply: invoice.placeOfSupply, taxMode: invoice.taxMode, lines: invoice.lines };

const lodge = (by: string, lodged: Lodged, reserved = '0.00'): InvoiceCommand => ({ type: 'Lodge', data: { id: 9, by, partyId: 4, lodged, reserved }, metadata });
const lodgedBy = (by: string, amount: string, lodged: Lodged): InvoiceChange => ({ kind: 'allocated', id: 9, by, amount, as: 'credited', lodged });
const paid = (amount: string): InvoiceChange => ({ kind: 'allocated', id: 9, by: 'receipt-1', amount, as: 'paid', lodged: null });

describe('an invoice holds its notes within what it invoiced', () => {
  const spec = DeciderSpecification.for(sales.decider);
  const kettles = (quantity: string, total: string): Lodged => ({ total, lines: [{ lineNo: 1, quantity }] });

  it('a note on a paid invoice applies nothing there: its whole total is the customer\'s credit', () =>
    spec.given([invoiceRecorded!, paid('2000.00')]).when(lodge('credit-note-1', kettles('1', '380.00'))).then([lodgedBy('credit-note-1', '0.00', kettles('1', '380.00'))]));

  it('on an invoice still due it applies up to what is due, less what its credit already went to', () => {
    spec.given([invoiceRecorded!, paid('1800.00')]).when(lodge('credit-note-1', kettles('1', '380.00'))).then([lodgedBy('credit-note-1', '200.00', kettles('1', '380.00'))]);
    spec.given([invoiceRecorded!]).when(lodge('credit-note-1', kettles('1', '380.00'), '300.00')).then([lodgedBy('credit-note-1', '80.00', kettles('1', '380.00'))]);
  });

  it('the notes together cannot pass the invoice\'s total: 409 on the lines, saying what is left', () =>
    spec
      .given([invoiceRecorded!, lodgedBy('credit-note-1', '0.00', { total: '1900.00', lines: [] })])
      .when(lodge('credit-note-2', { total: '100.01', lines: [] }))
      .thenThrows(conflictOn('lines', /only ₹100\.00 is left to credit/)));

  it('a line cannot come back more than it sold, less what other notes returned: 409 naming the line', () => {
    spec.given([invoiceRecorded!]).when(lodge('credit-note-1', kettles('5.001', '1.00'))).thenThrows(conflictOn('lines.0.quantity', /Only 5 of Kettle \(line 1\) can still be returned on invoice INV-9: 5 sold, 0 returned/));
    spec
      .given([invoiceRecorded!, lodgedBy('credit-note-1', '0.00', kettles('3', '1.00'))])
      .when(lodge('credit-note-2', kettles('3', '1.00')))
      .thenThrows(conflictOn('lines.0.quantity', /Only 2 of Kettle \(line 1\) can still be returned .* 3 returned/));
    spec.given([invoiceRecorded!, lodgedBy('credit-note-1', '0.00', kettles('3', '1.00'))]).when(lodge('credit-note-2', kettles('2', '760.00'))).then([lodgedBy('credit-note-2', '760.00', kettles('2', '760.00'))]);
  });

  it('a note lodged again counts its own returns once: revising 3 kettles to 5 is within what was sold', () =>
    spec.given([invoiceRecorded!, lodgedBy('credit-note-1', '1140.00', kettles('3', '1140.00'))]).when(lodge('credit-note-1', kettles('5', '1900.00'))).then([lodgedBy('credit-note-1', '1900.00', kettles('5', '1900.00'))]));

  it('a line the invoice does not have is refused on that line', () =>
    spec.given([invoiceRecorded!]).when(lodge('credit-note-1', { total: '1.00', lines: [{ lineNo: 3, quantity: '1' }] })).thenThrows(conflictOn('lines.0.invoiceLineNo', /has no line 3/)));

  it('the invoice, revised, keeps what its notes lodged: not below their totals, each returned line kept', () => {
    const revise = (lines: Record<string, unknown>[]): InvoiceCommand => ({ type: 'Revise', data: { id: 9, body: salesInvoices.body.parse({ customerId: 4, lines }), context: { ...context(), number: 'INV-9' } }, metadata });
    // Nothing of the note applied here (the invoice was paid, then the receipt voided): its lodge alone holds the invoice.
    const given = spec.given([invoiceRecorded!, lodgedBy('credit-note-1', '0.00', kettles('2', '760.00'))]);
    given.when(revise([{ itemName: 'Tea', quantity: '2', rate: '50' }])).thenThrows(conflictOn('lines', /Notes of ₹760\.00 are against this invoice/));
    given.when(revise([{ itemName: 'Kettle', quantity: '1', rate: '1000' }, { itemName: 'Tea', quantity: '2', rate: '50' }])).thenThrows(conflictOn('lines', /2 of line 1 came back on notes/));
    given.when(revise([{ itemName: 'Kettle', quantity: '2', rate: '400' }, { itemName: 'Tea', quantity: '2', rate: '50' }])).then([{ kind: 'revised', data: expect.objectContaining({ totalAmount: '900.00' }) }]);
  });

  it('answers each line\'s returned quantity and the notes\' total', () => {
    const answer = invoiceOf(salesInvoices, evolveAll(sales.decider, sales.decider.initialState(), [invoiceRecorded!, paid('2000.00'), lodgedBy('credit-note-1', '0.00', kettles('2', '760.00'))]), metadata.now)!;
    expect(answer).toMatchObject({ status: 'paid', balanceDue: '0.00', creditedAmount: '0.00', notesAmount: '760.00' });
    expect(answer.lines.map((l) => [l.lineNo, l.returnedQuantity])).toEqual([[1, '2'], [2, '0']]);
  });

  it('reads a note\'s share written before notes lodged anything as its whole total, no line named', () =>
    expect(salesInvoices.read({ type: salesInvoices.events.names.allocated, data: { id: 9, by: 'credit-note-3', amount: '50.00', as: 'credited' } })).toEqual(lodgedBy('credit-note-3', '50.00', { total: '50.00', lines: [] })));
});

describe('a credit note: a return copies its invoice\'s lines; its credit goes to its invoice first', () => {
  const spec = DeciderSpecification.for(notes.decider);
  const body = (input: Record<string, unknown>) => creditNotes.body.parse({ customerId: 4, invoiceId: 9, ...input });
  const record = (input: Record<string, unknown>, ctx = context(against)): InvoiceCommand => ({ type: 'Record', data: { id: 1, body: body(input), context: ctx }, metadata });
  const revise = (input: Record<string, unknown>): InvoiceCommand => ({ type: 'Revise', data: { id: 1, body: body(input), context: context(against) }, metadata });
  const returnOf = (quantity: string) => ({ lines: [{ invoiceLineNo: 1, quantity }] });
  const [recorded] = notes.decider.decide(record(returnOf('2')), notes.decider.initialState()) as InvoiceChange[];
  const note = (recorded as { data: InvoiceData }).data;
  const allocate = (by: string, amount: string, as: 'paid' | 'credited' = 'paid'): InvoiceCommand => ({ type: 'Allocate', data: { id: 1, by, as, partyId: 4, amount, path: 'lines.0.amount' }, metadata });
  const share = (by: string, amount: string, as: 'paid' | 'credited' = 'paid'): InvoiceChange => ({ kind: 'allocated', id: 1, by, amount, as, lodged: null });

  it('a return takes the invoice line\'s item, name, HSN, unit, rate and GST rate, and its discount in proportion', () => {
    expect(note).toMatchObject({ noteType: 'return', taxMode: 'manual', subTotal: '760.00', totalAmount: '760.00', againstNumber: 'INV-9' });
    expect(note.lines).toEqual([expect.objectContaining({ invoiceLineNo: 1, itemId: 7, itemName: 'Kettle', hsn: '8516', unit: 'NOS', quantity: '2', rate: '400.00', discount: '40.00', gstRate: '18', taxableValue: '760.00' })]);
  });

  it('a return of a line the invoice lacks, or of more than it invoiced, is refused on that line', () => {
    spec.given([]).when(record({ lines: [{ invoiceLineNo: 5, quantity: '1' }] })).thenThrows(invalidOn('lines.0.invoiceLineNo', /Invoice INV-9 has no line 5/));
    spec.given([]).when(record(returnOf('6'))).thenThrows(invalidOn('lines.0.quantity', /Only 5 of Kettle \(line 1\) were invoiced on INV-9/));
  });

  it('a return is taxed as its invoice was: another tax mode is refused', () =>
    spec.given([]).when(record({ ...returnOf('1'), taxMode: 'gst' })).thenThrows(invalidOn('taxMode', /taxed as its invoice was/)));

  it('a price difference keeps its typed lines and names no invoice line', () => {
    const [price] = notes.decider.decide(record({ noteType: 'price', lines: [{ itemId: 7, itemName: 'Kettle (₹10 less)', quantity: '5', rate: '10' }] }), notes.decider.initialState()) as InvoiceChange[];
    expect((price as { data: InvoiceData }).data).toMatchObject({ noteType: 'price', totalAmount: '50.00', lines: [expect.not.objectContaining({ invoiceLineNo: expect.anything() })] });
    expect(creditNotes.body.safeParse({ customerId: 4, invoiceId: 9, noteType: 'price', lines: [{ invoiceLineNo: 1, itemName: 'x', quantity: 1, rate: 1 }] }).error?.issues.map((i) => i.path.join('.'))).toEqual(['lines.0.invoiceLineNo']);
  });

  it('a return\'s lines name invoice lines, each once, with a quantity', () => {
    const issues = (lines: unknown[]) => creditNotes.body.safeParse({ customerId: 4, invoiceId: 9, lines }).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues([{ itemName: 'Kettle', quantity: '1', rate: '400' }])).toEqual([['lines.0.invoiceLineNo', 'Choose the invoice line that comes back']]);
    expect(issues([{ invoiceLineNo: 1, quantity: '1' }, { invoiceLineNo: 1, quantity: '2' }])).toEqual([['lines.1.invoiceLineNo', 'This invoice line is already on another line']]);
    expect(issues([{ invoiceLineNo: 1 }])).toEqual([['lines.0.quantity', 'Quantity is required']]);
  });

  it('its credit is refunded or applied up to what is left of it, and no more', () => {
    spec.given([recorded!, share('sales-invoice-9', '200.00', 'credited')]).when(allocate('refund-1', '560.00')).then([share('refund-1', '560.00')]);
    spec
      .given([recorded!, share('sales-invoice-9', '200.00', 'credited')])
      .when(allocate('refund-1', '560.01'))
      .thenThrows(conflictOn('lines.0.amount', /Only ₹560\.00 of credit note CN-1 is left to apply or refund/));
  });

  it('an inactive note has no credit to refund', () => {
    const inactive = notes.decider.decide(revise({ ...returnOf('2'), active: false }), evolveAll(notes.decider, notes.decider.initialState(), [recorded!])) as InvoiceChange[];
    spec.given([recorded!, ...inactive]).when(allocate('refund-1', '1.00')).thenThrows(conflictOn('lines.0.amount', /inactive/));
  });

  it('refunded or applied elsewhere, it cannot shrink below that nor be made inactive', () => {
    const given = spec.given([recorded!, share('refund-1', '400.00')]);
    given.when(revise(returnOf('1'))).thenThrows(conflictOn('lines', /₹400\.00 of this credit note is refunded or applied to other invoices/));
    given.when(revise({ ...returnOf('2'), active: false })).thenThrows(conflictOn('active', /undo that first/));
    // Its share on its own invoice is decided again with it: not counted against a revision.
    spec.given([recorded!, share('sales-invoice-9', '760.00', 'credited')]).when(revise(returnOf('1'))).then([{ kind: 'revised', data: expect.objectContaining({ totalAmount: '380.00' }) }]);
  });

  it('answers what was applied, refunded and is left', () => {
    const answer = invoiceOf(creditNotes, evolveAll(notes.decider, notes.decider.initialState(), [recorded!, share('sales-invoice-9', '200.00', 'credited'), share('refund-1', '60.00')]), metadata.now)!;
    expect(answer).toMatchObject({ appliedAmount: '200.00', refundedAmount: '60.00', unappliedAmount: '500.00', balanceDue: '500.00' });
  });

  it('a note recorded before note types was credited whole on its invoice while active (read from the note)', () => {
    const { noteType: _type, ...legacyData } = note;
    const legacy = { ...recorded!, data: legacyData } as InvoiceChange;
    const state = evolveAll(notes.decider, notes.decider.initialState(), [legacy]);
    expect(invoiceOf(creditNotes, state, metadata.now)).toMatchObject({ noteType: null, appliedAmount: '760.00', unappliedAmount: '0.00' });
    const off = evolveAll(notes.decider, state, [{ kind: 'revised', data: { ...legacyData, active: false } }]);
    expect(invoiceOf(creditNotes, off, metadata.now)).toMatchObject({ appliedAmount: '0.00', allocations: [] });
  });
});
