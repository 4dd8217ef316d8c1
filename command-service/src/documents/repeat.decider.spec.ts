import { DomainError, expenses, type InvoiceChange, type InvoiceData, repeatDate } from '@erp/contracts';
import { describe, expect, it } from 'vitest';

import { DeciderSpecification } from '../testing/decider-specification';
import { INVOICE_SLICES } from './index';
import type { InvoiceContext } from './invoice.decider';
import { type RepeatCommand, repeatDecider } from './repeat.decider';

/**
 * A monthly copy (docs/expenses.md), decided without I/O: given the copy's stream, when Repeat
 * with the first document as read, then the copy is recorded — or refused, naming why.
 */
const metadata = { now: new Date('2026-11-22T06:00:00Z'), userId: 1, correlationId: 'c-1' };
const maharashtra = { state: '27', gstin: '27AAPFU0939F1ZV', taxpayerType: 'regular' as const };
const context = (over: Partial<InvoiceContext> = {}): InvoiceContext => ({ business: maharashtra, partyGstin: null, number: 'EXP/2026-27/0009', against: null, termDays: null, ...over });
const { decider } = INVOICE_SLICES.find((s) => s.doc === expenses)!;
const repeats = repeatDecider(expenses, decider);
const spec = DeciderSpecification.for(repeats);

/** The first expense as its stream holds it: recorded by the kind's own decider. */
const firstOf = (input: Record<string, unknown> = {}, ctx = context({ number: 'EXP/2026-27/0001' })): InvoiceData => {
  const body = expenses.body.parse({
    vendorId: 4,
    expenseDate: '2026-01-31',
    category: 'rent',
    repeatMonthly: true,
    notes: 'Shop rent',
    lines: [{ itemName: 'Shop rent', rate: '15000.50' }, { itemName: 'Maintenance', quantity: '2', rate: '249.75', discount: '0.50' }],
    ...input,
  });
  const [recorded] = decider.decide({ type: 'Record', data: { id: 3, body, context: ctx }, metadata }, decider.initialState()) as InvoiceChange[];
  if (!recorded || !('data' in recorded)) throw new Error('not recorded');
  return recorded.data;
};
const repeat = (first: InvoiceData | null, month: string, ctx = context()): RepeatCommand => ({ type: 'Repeat', data: { id: 9, firstId: 3, first, month, context: ctx }, metadata });
const dataOf = (changes: InvoiceChange[]) => (changes[0] && 'data' in changes[0] ? changes[0].data : undefined);

const refused = (kind: DomainError['kind'], path: string, message: RegExp) => (e: unknown) => {
  expect(e).toBeInstanceOf(DomainError);
  expect(e).toMatchObject({ kind, issues: [{ path, message: expect.stringMatching(message) }] });
  return true;
};

describe('a monthly copy', () => {
  it('is the first expense again: party, category, lines, tax, texts; dated the same day (the last when the month is shorter), numbered afresh, not repeating itself', () => {
    const first = firstOf();
    spec.given([]).when(repeat(first, '2026-02')).thenMatches((changes) => {
      expect(changes).toHaveLength(1);
      const copy = dataOf(changes)!;
      expect(copy).toMatchObject({ id: 9, repeatOf: 3, repeatMonthly: false, number: 'EXP/2026-27/0009', date: '2026-02-28', partyId: 4, category: 'rent', active: true });
      expect(copy.texts).toEqual(first.texts);
      expect(copy.lines).toEqual(first.lines);
      expect([copy.subTotal, copy.taxAmount, copy.totalAmount]).toEqual(['15499.50', '0.00', '15499.50']);
    });
    expect(repeatDate('2026-01-31', '2026-04')).toBe('2026-04-30');
    expect(repeatDate('2028-01-31', '2028-02')).toBe('2028-02-29');
    expect(repeatDate('2026-01-15', '2027-03')).toBe('2027-03-15');
  });

  it('keeps GST on each line from a registered supplier, and tax typed by hand as typed', () => {
    const gstin = context({ partyGstin: '27AAACR5055K1Z7' });
    const gst = firstOf({ taxMode: 'gst', lines: [{ itemName: 'Internet', rate: '999.99', gstRate: '18' }], category: 'telephone' }, gstin);
    spec.given([]).when(repeat(gst, '2026-03', gstin)).thenMatches((changes) => {
      expect(dataOf(changes)).toMatchObject({ taxMode: 'gst', supplyType: 'intra', cgst: '90.00', sgst: '90.00', totalAmount: '1180.00', date: '2026-03-31' });
    });
    const typed = firstOf({ taxAmount: '123.45', lines: [{ itemName: 'Repairs', rate: '1000' }], category: 'repairs' }, gstin);
    spec.given([]).when(repeat(typed, '2026-02', gstin)).thenMatches((changes) => {
      expect(dataOf(changes)).toMatchObject({ taxMode: 'manual', taxAmount: '123.45', totalAmount: typed.totalAmount });
    });
  });

  it('keeps repeatOf through a revision of the copy', () => {
    const copy = repeats.decide(repeat(firstOf(), '2026-02'), repeats.initialState()) as InvoiceChange[];
    const state = copy.reduce(repeats.evolve, repeats.initialState());
    const revised = decider.decide({ type: 'Revise', data: { id: 9, body: expenses.body.parse({ vendorId: 4, category: 'rent', lines: [{ itemName: 'Shop rent', rate: '16000' }] }), context: context() }, metadata }, state) as InvoiceChange[];
    expect(dataOf(revised)).toMatchObject({ repeatOf: 3, totalAmount: '16000.00' });
  });

  it('is refused for a month not after the first one (400 on month)', () => {
    const first = firstOf();
    for (const month of ['2026-01', '2025-12']) spec.given([]).when(repeat(first, month)).thenThrows(refused('validation', 'month', /month after Expense EXP\/2026-27\/0001's own \(January 2026\)/));
  });

  it('is refused for an expense that does not repeat, is cancelled, or is itself a copy (409), and for one that does not exist (404)', () => {
    spec.given([]).when(repeat(firstOf({ repeatMonthly: false }), '2026-02')).thenThrows(refused('conflict', 'id', /does not repeat monthly/));
    spec.given([]).when(repeat(firstOf({ active: false }), '2026-02')).thenThrows(refused('conflict', 'id', /is cancelled/));
    spec.given([]).when(repeat({ ...firstOf(), repeatOf: 1 }, '2026-02')).thenThrows(refused('conflict', 'id', /itself a monthly copy: repeat the first of its chain \(expense 1\)/));
    spec.given([]).when(repeat(null, '2026-02')).thenThrows((e) => e instanceof DomainError && e.kind === 'not_found');
  });

  it('is made once on its own stream: the same copy id again is a 409', () => {
    const first = firstOf();
    const made = repeats.decide(repeat(first, '2026-02'), repeats.initialState()) as InvoiceChange[];
    spec.given(made).when(repeat(first, '2026-02')).thenThrows((e) => e instanceof DomainError && e.kind === 'conflict');
  });
});
