import { DispatchBodySchema, DomainError, E_DOCUMENT_EVENTS, type EDocumentEvent, type InvoiceData, IrnBodySchema } from '@erp/contracts';
import { describe, it } from 'vitest';

import { DeciderSpecification } from '../testing/decider-specification';
import { type EDocumentsCommand, eDocumentsDecider } from './e-documents.decider';

const metadata = { now: new Date('2026-11-22T10:00:00Z'), userId: 1, correlationId: 'c-1' };
const spec = DeciderSpecification.for(eDocumentsDecider);
const stream = 'sales-invoice-7';
const invoice: InvoiceData = {
  id: 7, partyId: 3, number: 'INV/2026-27/0007', date: '2026-11-20', dueDate: null, texts: { notes: null, description: null }, active: true, taxMode: 'gst',
  supplyType: 'inter', placeOfSupply: '27', reverseCharge: false, subTotal: '59000.00', cgst: '0.00', sgst: '0.00', igst: '10620.00', taxAmount: '10620.00',
  roundOff: '0.00', totalAmount: '69620.00', againstId: null, againstNumber: null,
  lines: [{ lineNo: 1, itemId: null, itemName: 'Steel almirah', description: null, hsn: '94031010', unit: 'PC', quantity: '4', rate: '15000.00', discount: '1000.00', amount: '60000.00', taxableValue: '59000.00', gstRate: '18', cgst: '0.00', sgst: '0.00', igst: '10620.00', gstCategory: 'taxable' }],
};
const irnBody = IrnBodySchema.parse({ irn: 'ab'.repeat(32), ackNo: '112010036563310', ackDate: '2026-11-20 12:31:00', signedQrCode: 'eyJhbGciOiJSUzI1NiJ9.eyJkYXRhIjoiMSJ9.c2lnbmF0dXJl' });
const irnRecorded: EDocumentEvent = { type: E_DOCUMENT_EVENTS.irn, data: { document: stream, ...irnBody } };
const subject = (document: InvoiceData | null = invoice) => ({ stream, label: 'Sales invoice 7', document });
const recordIrn = (body = irnBody, document: InvoiceData | null = invoice): EDocumentsCommand => ({ type: 'RecordIrn', data: { ...subject(document), body }, metadata });
const revise = (after: InvoiceData): EDocumentsCommand => ({ type: 'CheckRevision', data: { label: 'Sales invoice INV/2026-27/0007', before: invoice, after }, metadata });
const isError = (kind: string, text: string) => (e: unknown) => e instanceof DomainError && e.kind === kind && e.message.includes(text);

describe('e-documents decider: the dispatch details and the IRN of a document (issue 44 item 6)', () => {
  const dispatch = DispatchBodySchema.parse({ fromPlace: 'Bengaluru', fromPincode: '560001', toPlace: 'Pune', toPincode: '411018', distanceKm: 840, vehicleNumber: 'KA01AB1234' });
  const dispatched: EDocumentEvent = { type: E_DOCUMENT_EVENTS.dispatch, data: { document: stream, ...dispatch } };

  it('transport details are kept as an event; the same again records nothing; a change records again', () => {
    const command = (body = dispatch): EDocumentsCommand => ({ type: 'RecordDispatch', data: { ...subject(), body }, metadata });
    spec.given([]).when(command()).then([dispatched]);
    spec.given([dispatched]).when(command()).thenNothingHappened();
    const changed = { ...dispatch, vehicleNumber: 'KA05MN4321' };
    spec.given([dispatched]).when(command(changed)).then([{ type: E_DOCUMENT_EVENTS.dispatch, data: { document: stream, ...changed } }]);
  });

  it('an IRN is recorded once; the same IRN again is nothing; another is refused', () => {
    spec.given([]).when(recordIrn()).then([irnRecorded]);
    spec.given([irnRecorded]).when(recordIrn()).thenNothingHappened();
    spec.given([irnRecorded]).when(recordIrn({ ...irnBody, irn: 'cd'.repeat(32) })).thenThrows(isError('conflict', 'cancel that e-invoice on the portal'));
  });

  it('no IRN for a document that does not exist or is cancelled', () => {
    spec.given([]).when(recordIrn(irnBody, null)).thenThrows(isError('not_found', 'Sales invoice 7 not found'));
    spec.given([]).when(recordIrn(irnBody, { ...invoice, active: false })).thenThrows(isError('conflict', 'is cancelled'));
  });

  it('with an IRN, a revision that changes its amounts is refused: cancel on the portal and issue a new one', () => {
    const dearer = { ...invoice, lines: [{ ...invoice.lines[0]!, rate: '16000.00' }], totalAmount: '73400.00' };
    spec.given([irnRecorded]).when(revise(dearer)).thenThrows(isError('conflict', 'Cancel the e-invoice on the portal and issue a new document'));
    spec.given([irnRecorded]).when(revise({ ...invoice, active: false })).thenThrows(isError('conflict', 'its amounts cannot change'));
  });

  it('with an IRN, notes and the due date may still change; without one, anything may', () => {
    spec.given([irnRecorded]).when(revise({ ...invoice, dueDate: '2026-12-20', texts: { notes: 'Deliver to the back gate', description: null } })).thenNothingHappened();
    spec.given([dispatched]).when(revise({ ...invoice, totalAmount: '1.00' })).thenNothingHappened();
  });
});
