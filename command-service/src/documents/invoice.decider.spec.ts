import { DomainError, type InvoiceBody, type InvoiceChange, PurchaseInvoiceBodySchema, SalesInvoiceBodySchema } from '@erp/contracts';
import { describe, expect, it } from 'vitest';

import { evolveAll } from '../shared/decider';
import { DeciderSpecification } from '../testing/decider-specification';
import { INVOICE_SLICES } from './index';
import { invoiceOf } from './invoice-answer';
import type { InvoiceCommand, InvoiceContext } from './invoice.decider';

const metadata = { now: new Date('2026-11-22T20:00:00Z'), userId: 1, correlationId: 'c-1' };
/** A registered business in Maharashtra (27) that charges GST. */
const maharashtra = { state: '27', gstin: '27AAPFU0939F1ZV', taxpayerType: 'regular' as const };
const context = (overrides: Partial<InvoiceContext> = {}): InvoiceContext => ({ business: null, partyGstin: null, number: 'B-17', against: null, termDays: null, ...overrides });

// Kinds booked by category (an expense) name their own fields and need a registered supplier for tax: expenses.decider.spec.ts.
describe.each(INVOICE_SLICES.filter((s) => !s.doc.against && s.doc.owed !== false && !s.doc.category))('$doc.label (invoice document)', ({ doc, decider }) => {
  const party = doc.party.field;
  const spec = DeciderSpecification.for(decider);
  const body = (input: Record<string, unknown> = {}): InvoiceBody =>
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
  const record = (input: Record<string, unknown> = {}, ctx = context()): InvoiceCommand => ({ type: 'Record', data: { id: 9, body: body(input), context: ctx }, metadata });
  const revise = (input: Record<string, unknown> = {}, ctx = context()): InvoiceCommand => ({ type: 'Revise', data: { id: 9, body: body(input), context: ctx }, metadata });
  const by = (paymentId: number) => `${doc.settledByStream}-${paymentId}`;
  const allocate = (paymentId: number, amount: string, partyId = 4): InvoiceCommand => ({
    type: 'Allocate',
    data: { id: 9, by: by(paymentId), as: 'paid', partyId, amount, path: 'lines.2.paidAmount' },
    metadata,
  });
  const release = (paymentId: number): InvoiceCommand => ({ type: 'Release', data: { id: 9, by: by(paymentId) }, metadata });
  const [recorded] = [decider.decide(record(), decider.initialState())].flat();
  const allocated = (paymentId: number, amount: string): InvoiceChange => ({ kind: 'allocated', id: 9, by: by(paymentId), amount, as: 'paid', lodged: null });
  const released = (paymentId: number): InvoiceChange => ({ kind: 'released', id: 9, by: by(paymentId) });
  const dataOf = (change: InvoiceChange | undefined) => (change && 'data' in change ? change.data : undefined);

  const conflictOn = (path: string, message: RegExp) => (e: unknown) => {
    expect(e).toBeInstanceOf(DomainError);
    expect(e).toMatchObject({ kind: 'conflict', issues: [{ path, message: expect.stringMatching(message) }] });
    return true;
  };

  it('computes line amounts (2 decimals, half-up), sub total and total exactly; the date defaults to today in India', () => {
    expect(recorded).toEqual({
      kind: 'recorded',
      data: expect.objectContaining({
        date: '2026-11-23', // 20:00 UTC is past midnight in Kolkata
        subTotal: '200.75', // 2.5 × 40.10 = 100.25; 3 × 33.50 = 100.50
        taxAmount: '18.25',
        totalAmount: '219.00',
        taxMode: 'manual',
        lines: [
          expect.objectContaining({ lineNo: 1, amount: '100.25' }),
          expect.objectContaining({ lineNo: 2, quantity: '3', rate: '33.50', amount: '100.50' }),
        ],
      }),
    });
  });

  it('stores what it decides under the document\'s own names, and reads it back the same', () => {
    const stored = doc.write(recorded!);
    expect(stored).toMatchObject({ type: doc.events.names.recorded, data: { [party]: 4, invoiceNumber: 'B-17', invoiceDate: '2026-11-23' } });
    expect(doc.read(stored)).toEqual(recorded);
  });

  it('reads an allocation written before shares were keyed by stream as the default settling document\'s', () => {
    const old = { type: doc.events.names.allocated, data: { id: 9, settlementId: 3, amount: '10.00' } };
    expect(doc.read(old)).toEqual({ kind: 'allocated', id: 9, by: `${doc.settledByStream}-3`, amount: '10.00', as: 'paid', lodged: null });
    const oldRelease = { type: doc.events.names.released, data: { id: 9, settlementId: 3 } };
    expect(doc.read(oldRelease)).toEqual({ kind: 'released', id: 9, by: `${doc.settledByStream}-3` });
    const oldInvoice = {
      type: doc.events.names.recorded,
      data: { id: 9, [party]: 4, invoiceNumber: 'B-1', invoiceDate: '2025-01-01', dueDate: null, subTotal: '10.00', taxAmount: '0.00', totalAmount: '10.00', active: true, lines: [{ lineNo: 1, itemName: 'x', description: null, quantity: '1', rate: '10.00', amount: '10.00' }], ...Object.fromEntries(doc.texts.map((t) => [t, null])) },
    };
    expect(dataOf(doc.read(oldInvoice) ?? undefined)).toMatchObject({ taxMode: 'manual', supplyType: null, lines: [{ itemId: null, hsn: null, discount: '0.00', taxableValue: '10.00', gstRate: '0' }] });
  });

  it('rounds a line amount half-up to the paisa', () => {
    const [event] = [decider.decide(record({ taxAmount: 0, lines: [{ itemName: 'x', quantity: '0.005', rate: '1.00' }] }), decider.initialState())].flat();
    expect(dataOf(event)).toMatchObject({ subTotal: '0.01', totalAmount: '0.01' });
  });

  it('allocates a payment up to its total', () => spec.given([recorded!]).when(allocate(1, '219')).then([allocated(1, '219.00')]));

  it('refuses more than the balance: a conflict naming the payment line, saying what is due', () =>
    spec.given([recorded!, allocated(1, '200.00')]).when(allocate(2, '19.01')).thenThrows(conflictOn('lines.2.paidAmount', new RegExp(`Only ₹19\\.00 is due on ${doc.label.toLowerCase()} B-17`))));

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
      .then([{ kind: 'revised', data: expect.objectContaining({ totalAmount: '150.00', date: '2026-11-23' }) }]));

  it('a revision that changes nothing appends nothing', () => spec.given([recorded!]).when(revise()).thenNothingHappened());

  it('a paid invoice cannot move to another vendor', () =>
    spec.given([recorded!, allocated(1, '10.00')]).when(revise({ [party]: 5 })).thenThrows(conflictOn(party, /cannot change/)));

  it('status follows the money: pending, partial, paid', () => {
    const at = (...events: InvoiceChange[]) => invoiceOf(doc, evolveAll(decider, decider.initialState(), [recorded!, ...events]), new Date())!;
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

describe('GST invoices (the GST issue): lines taxed by the place of supply, the total rounded to the rupee', () => {
  const sales = INVOICE_SLICES.find((s) => s.doc.path === '/api/sales/invoices')!;
  const purchase = INVOICE_SLICES.find((s) => s.doc.path === '/api/purchase/invoices')!;
  const example = [
    { itemName: 'Tea', hsn: '0902', unit: 'KG', quantity: '2', rate: '50.05', gstRate: '5' },
    { itemName: 'Notebooks', hsn: '4820', unit: 'NOS', quantity: '7', rate: '33.13', gstRate: '12' },
    { itemName: 'Electric kettle', hsn: '8516', unit: 'NOS', quantity: '3', rate: '411.59', gstRate: '18' },
  ];
  const decideOn = (slice: typeof sales, input: Record<string, unknown>, ctx: Partial<InvoiceContext>) => {
    const body = slice.doc.body.parse({ [slice.doc.party.field]: 4, invoiceNumber: 'INV/2026-27/0001', taxMode: 'gst', lines: example, ...input });
    const [change] = [slice.decider.decide({ type: 'Record', data: { id: 1, body, context: context({ number: 'INV/2026-27/0001', ...ctx }) }, metadata }, slice.decider.initialState())].flat();
    return change && 'data' in change ? change.data : undefined;
  };

  it('the worked example: seller 27, buyer 27ABCPT5678L1ZV → CGST + SGST, 1,821.86 rounded to 1,822.00', () => {
    const invoice = decideOn(sales, {}, { business: maharashtra, partyGstin: '27ABCPT5678L1ZV' })!;
    expect(invoice).toMatchObject({
      supplyType: 'intra',
      placeOfSupply: '27',
      subTotal: '1566.78',
      cgst: '127.54',
      sgst: '127.54',
      igst: '0.00',
      taxAmount: '255.08',
      roundOff: '0.14',
      totalAmount: '1822.00',
    });
    expect(invoice.lines.map((l) => [l.taxableValue, l.cgst, l.sgst])).toEqual([
      ['100.10', '2.50', '2.50'],
      ['231.91', '13.91', '13.91'],
      ['1234.77', '111.13', '111.13'],
    ]);
  });

  it('a buyer registered in another state: IGST, place of supply their state', () => {
    const invoice = decideOn(sales, {}, { business: maharashtra, partyGstin: '29AAHCM7727Q1ZI' })!;
    expect(invoice).toMatchObject({ supplyType: 'inter', placeOfSupply: '29', cgst: '0.00', sgst: '0.00', igst: '255.10', totalAmount: '1822.00', roundOff: '0.12' });
  });

  it('an unregistered buyer (B2C): the state recorded on the invoice, else the business\'s own', () => {
    expect(decideOn(sales, { placeOfSupply: '24' }, { business: maharashtra })).toMatchObject({ supplyType: 'inter', placeOfSupply: '24' });
    expect(decideOn(sales, {}, { business: maharashtra })).toMatchObject({ supplyType: 'intra', placeOfSupply: '27' });
  });

  it('without a GSTIN, or as a composition taxpayer, a bill of supply: no tax on any line', () => {
    for (const business of [{ ...maharashtra, gstin: null }, { ...maharashtra, taxpayerType: 'composition' as const }]) {
      expect(decideOn(sales, {}, { business, partyGstin: '27ABCPT5678L1ZV' })).toMatchObject({ supplyType: 'none', taxAmount: '0.00', subTotal: '1566.78', totalAmount: '1567.00', roundOff: '0.22' });
    }
  });

  it('GST before the business is set up is refused, saying what to do', () => {
    expect(() => decideOn(sales, {}, { business: null })).toThrow(/Set up your business/);
  });

  it('a purchase: input tax by the vendor\'s state; on reverse charge the vendor is owed the taxable value', () => {
    expect(decideOn(purchase, {}, { business: maharashtra, partyGstin: '24AANFA2641L1ZF' })).toMatchObject({ supplyType: 'inter', placeOfSupply: '27', igst: '255.10', totalAmount: '1822.00' });
    expect(decideOn(purchase, { reverseCharge: true }, { business: maharashtra, partyGstin: '27AAPFU0939F1ZV' })).toMatchObject({
      reverseCharge: true,
      cgst: '127.54',
      sgst: '127.54',
      totalAmount: '1567.00',
      roundOff: '0.22',
    });
    expect(decideOn(purchase, {}, { business: maharashtra, partyGstin: null })).toMatchObject({ supplyType: 'none', taxAmount: '0.00' });
  });

  it('needs a GST rate on every line, from the law\'s list, and no discount above the line', () => {
    const issues = (input: Record<string, unknown>) => SalesInvoiceBodySchema.safeParse({ customerId: 1, taxMode: 'gst', ...input }).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues({ lines: [{ itemName: 'a', quantity: 1, rate: 1 }] })).toEqual([['lines.0.gstRate', 'Choose a GST rate']]);
    expect(issues({ lines: [{ itemName: 'a', quantity: 1, rate: 1, gstRate: '17' }] })).toEqual([['lines.0.gstRate', 'Choose a GST rate from the list (0, 0.25, 3, 5, 12, 18, 28 or 40)']]);
    expect(issues({ lines: [{ itemName: 'a', quantity: 2, rate: 10, gstRate: '40', discount: '20.01' }] })).toEqual([['lines.0.discount', 'The discount cannot be more than the line amount']]);
    expect(issues({ invoiceNumber: 'INV 2026 27 0001', lines: [{ itemName: 'a', quantity: 1, rate: 1, gstRate: '0.25' }] })).toEqual([['invoiceNumber', 'Up to 16 letters, digits, - and /, starting with a letter or digit']]);
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
