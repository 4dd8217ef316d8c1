import { DomainError, type InvoiceChange, type InvoiceData, openingItemBody } from '@erp/contracts';
import { describe, expect, it } from 'vitest';

import { DeciderSpecification } from '../testing/decider-specification';
import { INVOICE_SLICES } from './index';
import type { InvoiceCommand } from './invoice.decider';
import { type OpeningCommand, openingDecider } from './opening.decider';

const metadata = { now: new Date('2026-11-27T10:00:00Z'), userId: 1, correlationId: 'c-1' };
const BOOKS_BEGIN = '2025-04-01';
const refusedOn = (kind: DomainError['kind'], path: string, message: RegExp) => (e: unknown) => {
  expect(e).toBeInstanceOf(DomainError);
  expect(e).toMatchObject({ kind, issues: [{ path, message: expect.stringMatching(message) }] });
  return true;
};

describe.each(INVOICE_SLICES.filter((s) => s.doc.opening))('$doc.opening.label (an opening item of $doc.label)', ({ doc, decider }) => {
  const opening = openingDecider(doc, decider);
  const spec = DeciderSpecification.for(opening);
  const body = (input: Record<string, unknown> = {}) =>
    openingItemBody(doc).parse({ [doc.party.field]: 4, [doc.numberField]: 'OLD/118', [doc.dateField]: '2025-02-10', dueDate: '2025-03-12', amount: '12000', ...input });
  const command = (type: OpeningCommand['type'], input: Record<string, unknown> = {}, booksBegin: string | null = BOOKS_BEGIN): OpeningCommand => ({ type, data: { id: 7, body: body(input), booksBegin }, metadata });
  const data = (over: Partial<InvoiceData> = {}): InvoiceData => ({
    id: 7,
    partyId: 4,
    number: 'OLD/118',
    date: '2025-02-10',
    dueDate: '2025-03-12',
    texts: Object.fromEntries(doc.texts.map((t) => [t, null])),
    active: true,
    taxMode: 'manual',
    supplyType: null,
    placeOfSupply: null,
    reverseCharge: false,
    subTotal: '12000.00',
    cgst: '0.00',
    sgst: '0.00',
    igst: '0.00',
    taxAmount: '0.00',
    roundOff: '0.00',
    totalAmount: '12000.00',
    againstId: null,
    againstNumber: null,
    openingOn: BOOKS_BEGIN,
    lines: [],
    ...over,
  });
  const recorded: InvoiceChange = { kind: 'recorded', data: data() };
  const paid = (amount: string): InvoiceChange => ({ kind: 'allocated', id: 7, by: `${doc.settledByStream}-3`, amount, as: 'paid', lodged: null });

  it('records the amount outstanding as its total: no lines, no tax, opened on the day the books begin', () =>
    spec.given([]).when(command('RecordOpening')).then([recorded]));

  it('needs the day the books begin, and a date on or before it', () => {
    spec.given([]).when(command('RecordOpening', {}, null)).thenThrows(refusedOn('validation', doc.dateField, /Set the day your books begin/));
    spec.given([]).when(command('RecordOpening', { [doc.dateField]: '2025-04-02', dueDate: null })).thenThrows(refusedOn('validation', doc.dateField, /on or before the day the books begin \(1 Apr 2025\)/));
  });

  it('is settled like any other: a receipt or payment allocated to it leaves the rest due, and more than is due is refused', () => {
    const invoices = DeciderSpecification.for(decider);
    const allocate = (amount: string): InvoiceCommand => ({ type: 'Allocate', data: { id: 7, by: `${doc.settledByStream}-3`, as: 'paid', partyId: 4, amount, path: 'lines.0.amount' }, metadata });
    invoices.given([recorded]).when(allocate('5000')).then([paid('5000.00')]);
    invoices.given([recorded]).when(allocate('12000.01')).thenThrows(refusedOn('conflict', 'lines.0.amount', /Only ₹12,000.00 is due/));
  });

  it('is changed as an opening item: a new amount, not below what is settled on it; the same again changes nothing', () => {
    spec.given([recorded, paid('5000.00')]).when(command('ReviseOpening', { amount: '9000' })).then([{ kind: 'revised', data: data({ subTotal: '9000.00', totalAmount: '9000.00' }) }]);
    spec.given([recorded, paid('5000.00')]).when(command('ReviseOpening', { amount: '4999.99' })).thenThrows(refusedOn('conflict', 'amount', /₹5,000.00 is already settled on OLD\/118/));
    spec.given([recorded]).when(command('ReviseOpening')).thenNothingHappened();
  });

  it("is not changed through the kind's own form (that would price lines on it)", () => {
    const revise: InvoiceCommand = {
      type: 'Revise',
      data: { id: 7, body: doc.body.parse({ [doc.party.field]: 4, [doc.numberField]: 'OLD/118', lines: [{ itemName: 'Rice', quantity: '1', rate: '10' }] }), context: { business: null, partyGstin: null, number: 'OLD/118', against: null, termDays: null } },
      metadata,
    };
    DeciderSpecification.for(decider).given([recorded]).when(revise).thenThrows((e) => e instanceof DomainError && /is an opening item/.test(e.message));
  });

  it('refuses a body without a positive amount or with a due date before its date, naming the field', () => {
    expect(openingItemBody(doc).safeParse({ [doc.party.field]: 4, [doc.numberField]: 'X', [doc.dateField]: '2025-02-10', amount: '0' }).error?.issues[0]?.path).toEqual(['amount']);
    expect(openingItemBody(doc).safeParse({ [doc.party.field]: 4, [doc.numberField]: 'X', [doc.dateField]: '2025-02-10', dueDate: '2025-02-01', amount: '5' }).error?.issues[0]?.path).toEqual(['dueDate']);
  });
});
