import { creditNotes, DomainError, type InvoiceData } from '@erp/contracts';
import { describe, expect, it } from 'vitest';

import { DeciderSpecification } from '../testing/decider-specification';
import { INVOICE_SLICES } from './index';
import type { InvoiceCommand, InvoiceContext } from './invoice.decider';

/**
 * A credit note's place of supply (the GST issue's first defect). The law: a credit note reduces
 * the tax of the supply its invoice made (CGST Act s.34(1)-(2)), so its tax is that supply's —
 * IGST where the invoice charged IGST (IGST Act s.7(1), s.10(1)(ca): an unregistered buyer's
 * place of supply is the state recorded on the invoice), CGST + SGST where it charged those.
 */
const { decider } = INVOICE_SLICES.find((s) => s.doc.stream === creditNotes.stream)!;
const spec = DeciderSpecification.for(decider);
const metadata = { now: new Date('2026-04-20T06:00:00Z'), userId: 1, correlationId: 'c-1' };
const maharashtra = { state: '27', gstin: '27AAPFU0939F1ZV', taxpayerType: 'regular' as const };
/** The invoice in Karnataka (29), to an unregistered buyer. */
const invoice = { id: 100, partyId: 4, number: 'INV/2026-27/0007', date: '2026-04-01', placeOfSupply: '29', taxMode: 'gst' as const, lines: [] };
const context = (against: InvoiceContext['against'] = invoice): InvoiceContext => ({ business: maharashtra, partyGstin: null, number: 'CN/2026-27/0001', against, termDays: null });
// One kettle back: taxable 1,000.00 at 18 %.
const record = (input: Record<string, unknown> = {}, ctx = context()): InvoiceCommand => ({
  type: 'Record',
  data: {
    id: 1,
    body: creditNotes.body.parse({ customerId: 4, invoiceId: 100, noteDate: '2026-04-20', noteType: 'price', taxMode: 'gst', lines: [{ itemName: 'Kettle', hsn: '8516', quantity: '1', rate: '1000', gstRate: '18' }], ...input }),
    context: ctx,
  },
  metadata,
});
const recorded = (data: Partial<InvoiceData>) => [{ kind: 'recorded' as const, data: expect.objectContaining(data) }];

describe('credit note: taxed where its invoice was', () => {
  it('no place of supply typed: the invoice\'s (29), so IGST 180.00 — not CGST + SGST 90.00 + 90.00 at the business\'s 27', () =>
    spec.given([]).when(record()).then(recorded({ placeOfSupply: '29', supplyType: 'inter', igst: '180.00', cgst: '0.00', sgst: '0.00', totalAmount: '1180.00' })));

  it('the same place of supply typed again is taken', () =>
    spec.given([]).when(record({ placeOfSupply: '29' })).then(recorded({ placeOfSupply: '29', supplyType: 'inter' })));

  it('an intra-state invoice\'s note is intra-state: CGST 90.00 + SGST 90.00', () =>
    spec.given([]).when(record({}, context({ ...invoice, placeOfSupply: '27' }))).then(recorded({ placeOfSupply: '27', supplyType: 'intra', cgst: '90.00', sgst: '90.00' })));

  it('another place of supply typed is refused on placeOfSupply, naming the invoice\'s', () =>
    spec
      .given([])
      .when(record({ placeOfSupply: '27' }))
      .thenThrows((e) => {
        expect(e).toBeInstanceOf(DomainError);
        expect(e).toMatchObject({ kind: 'validation', issues: [{ path: 'placeOfSupply', message: "A credit note is taxed where its invoice was: INV/2026-27/0007's place of supply is 29-Karnataka" }] });
        return true;
      }));

  it('an invoice whose tax was typed by hand has no place of supply: the note is priced as typed', () =>
    spec.given([]).when(record({ placeOfSupply: '24' }, context({ ...invoice, placeOfSupply: null }))).then(recorded({ placeOfSupply: '24', supplyType: 'inter' })));
});
