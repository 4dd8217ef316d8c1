import {
  applyEDocumentEvent,
  conflict,
  type Dispatch,
  type EDocuments,
  type DispatchBody,
  E_DOCUMENT_EVENTS,
  type EDocumentEvent,
  EDocumentEventSchema,
  type InvoiceData,
  type IrnBody,
  notFound,
} from '@erp/contracts';

import type { Command, Decider } from '../shared/decider';

/** A document's e-way bill details and e-invoice IRN (issue 44 item 6). */
export type EDocumentsState = EDocuments;

/** The document as the command read it: its label for messages, and its data (null when absent). */
interface Subject {
  readonly stream: string;
  readonly label: string;
  readonly document: InvoiceData | null;
}

export type EDocumentsCommand =
  | Command<'RecordDispatch', Subject & { readonly body: DispatchBody }>
  | Command<'RecordIrn', Subject & { readonly body: IrnBody }>
  /** A revision of the document: refused when it changes what the IRN was issued for. */
  | Command<'CheckRevision', { readonly label: string; readonly before: InvoiceData; readonly after: InvoiceData }>;

/**
 * What an IRN is issued for: the party, number, date, place of supply, every line's figures and
 * the totals, and that the document stands. Notes and due dates may change after it.
 */
export const irnCovers = (d: InvoiceData) =>
  JSON.stringify([
    d.partyId,
    d.number,
    d.date,
    d.placeOfSupply,
    d.active,
    d.subTotal,
    d.cgst,
    d.sgst,
    d.igst,
    d.roundOff,
    d.totalAmount,
    d.lines.map((l) => [l.itemName, l.hsn, l.unit, l.quantity, l.rate, l.discount, l.gstRate, l.taxableValue]),
  ]);

const existing = (subject: Subject): InvoiceData => {
  if (!subject.document) throw notFound(`${subject.label} not found`);
  return subject.document;
};

export const eDocumentsDecider: Decider<EDocumentsState, EDocumentsCommand, EDocumentEvent> = {
  initialState: () => ({ dispatch: null, irn: null }),
  decode: (stored) => {
    const parsed = EDocumentEventSchema.safeParse(stored);
    return parsed.success ? parsed.data : null;
  },
  evolve: applyEDocumentEvent,
  decide: (command, state) => {
    switch (command.type) {
      case 'RecordDispatch': {
        existing(command.data);
        const dispatch: Dispatch = { ...command.data.body };
        // The same details again record nothing: the history keeps each change once.
        if (state.dispatch && JSON.stringify(state.dispatch) === JSON.stringify(dispatch)) return [];
        return [{ type: E_DOCUMENT_EVENTS.dispatch, data: { document: command.data.stream, ...dispatch } }];
      }
      case 'RecordIrn': {
        const document = existing(command.data);
        const { label, body } = command.data;
        if (!document.active) throw conflict(`${label} is cancelled: an IRN is for a document that stands`);
        if (state.irn?.irn === body.irn) return [];
        if (state.irn) {
          throw conflict(`${label} already has IRN ${state.irn.irn.slice(0, 12)}…: cancel that e-invoice on the portal and issue a new document for another IRN`);
        }
        return [{ type: E_DOCUMENT_EVENTS.irn, data: { document: command.data.stream, ...body } }];
      }
      case 'CheckRevision': {
        const { before, after, label } = command.data;
        if (state.irn && irnCovers(before) !== irnCovers(after)) {
          throw conflict(`${label} has an e-invoice (IRN ${state.irn.irn.slice(0, 12)}…): its amounts cannot change here. Cancel the e-invoice on the portal and issue a new document`);
        }
        return [];
      }
    }
  },
};
