import { DomainError, type InvoiceChange } from '@erp/contracts';
import { describe, expect, it } from 'vitest';

import { DeciderSpecification } from '../testing/decider-specification';
import { INVOICE_SLICES } from './index';
import type { InvoiceCommand, InvoiceContext } from './invoice.decider';

const metadata = { now: new Date('2026-11-22T10:00:00Z'), userId: 1, correlationId: 'c-1' };
const context = (overrides: Partial<InvoiceContext> = {}): InvoiceContext => ({ business: null, partyGstin: null, number: 'X-1', against: null, termDays: null, ...overrides });
const lines = [{ itemName: 'Rice', quantity: 1, rate: '100' }];
const dataOf = (changes: InvoiceChange[]) => changes.map((c) => ('data' in c ? c.data : null));

describe.each(INVOICE_SLICES.filter((s) => !s.doc.against && s.doc.owed !== false))('$doc.label: the due date from the party\'s payment terms (issue 42)', ({ doc, decider }) => {
  const spec = DeciderSpecification.for(decider);
  const command = (type: 'Record' | 'Revise', input: Record<string, unknown>, termDays: number | null): InvoiceCommand => ({
    type,
    data: { id: 9, body: doc.body.parse({ [doc.party.field]: 4, invoiceNumber: 'B-17', lines, ...(doc.category ? { category: doc.category.accounts[0] } : {}), ...dated(input) }), context: context({ termDays }) },
    metadata,
  });
  /** The kind's own date field (an expense's `expenseDate`). */
  const dated = ({ invoiceDate, ...rest }: Record<string, unknown>) => (invoiceDate === undefined ? rest : { ...rest, [doc.dateField]: invoiceDate });
  const recordedOn = (date: string, dueDate: string | null) => {
    const [change] = [decider.decide(command('Record', { invoiceDate: date, dueDate }, null), decider.initialState())].flat();
    return change!;
  };

  it('an invoice recorded without a due date is due its party\'s days after its date', () =>
    spec.given([]).when(command('Record', { invoiceDate: '2026-03-20' }, 15)).then([{ kind: 'recorded', data: expect.objectContaining({ date: '2026-03-20', dueDate: '2026-04-04' }) }]));

  it('a due date typed on it is kept', () =>
    spec.given([]).when(command('Record', { invoiceDate: '2026-03-20', dueDate: '2026-03-25' }, 15)).then([{ kind: 'recorded', data: expect.objectContaining({ dueDate: '2026-03-25' }) }]));

  it('with no terms, or 0 days, no due date (as before)', () => {
    for (const days of [null, 0]) {
      expect(dataOf([decider.decide(command('Record', { invoiceDate: '2026-03-20' }, days), decider.initialState())].flat())).toEqual([expect.objectContaining({ dueDate: null })]);
    }
  });

  it('a revision without a due date gets one from its date, kept or new', () => {
    spec.given([recordedOn('2026-03-20', '2026-03-22')]).when(command('Revise', {}, 30)).then([{ kind: 'revised', data: expect.objectContaining({ date: '2026-03-20', dueDate: '2026-04-19' }) }]);
    spec.given([recordedOn('2026-03-20', null)]).when(command('Revise', { invoiceDate: '2026-04-01' }, 30)).then([{ kind: 'revised', data: expect.objectContaining({ dueDate: '2026-05-01' }) }]);
  });
});

describe.each(INVOICE_SLICES.filter((s) => s.doc.against))('$doc.label: not dated before its invoice (issue 42)', ({ doc, decider }) => {
  const spec = DeciderSpecification.for(decider);
  const against = doc.against!;
  const invoice = { id: 5, partyId: 4, number: 'INV/2026-27/0005', date: '2026-04-10', placeOfSupply: null, taxMode: 'manual' as const, lines: [] };
  const command = (type: 'Record' | 'Revise', input: Record<string, unknown>): InvoiceCommand => ({
    type,
    data: { id: 9, body: doc.body.parse({ [doc.party.field]: 4, [against.field]: 5, noteType: 'price', lines, ...input }), context: context({ against: invoice, termDays: 30 }) },
    metadata,
  });
  const refusedOnDate = (e: unknown) => {
    expect(e).toBeInstanceOf(DomainError);
    expect(e).toMatchObject({ kind: 'validation', issues: [{ path: doc.dateField, message: expect.stringMatching(/cannot be dated before .*INV\/2026-27\/0005.*10 Apr 2026/) }] });
    return true;
  };

  it('refuses a note dated before its invoice, on its date, in plain words', () => spec.given([]).when(command('Record', { [doc.dateField]: '2026-03-31' })).thenThrows(refusedOnDate));

  it('takes one dated the invoice\'s day or after; a note gets no due date from terms', () =>
    spec.given([]).when(command('Record', { [doc.dateField]: '2026-04-10' })).then([{ kind: 'recorded', data: expect.objectContaining({ date: '2026-04-10', dueDate: null }) }]));

  it('refuses a revision that moves it before its invoice', () => {
    const [recorded] = [decider.decide(command('Record', { [doc.dateField]: '2026-04-12' }), decider.initialState())].flat();
    spec.given([recorded!]).when(command('Revise', { [doc.dateField]: '2026-04-09' })).thenThrows(refusedOnDate);
  });
});
