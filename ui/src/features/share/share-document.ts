import {
  BUSINESS_PATH,
  BusinessAnswerSchema,
  byId,
  decimal,
  type InvoiceDocument,
  MASTER_DATA_ENTITIES,
  type PartyRecord,
  pdfPath,
  printableDocument,
  printSourceOf,
} from '@erp/contracts';

import { apiClient } from '@/lib/api-client';

import { documentMessage, pdfFileName, reminderMessage } from './share-message';
import type { Shared } from './share';

/** A printed document made ready to send: its PDF and message, and a reminder while it is overdue. */
export interface DocumentToSend {
  readonly shared: Shared;
  /** The payment reminder (amount due, due date, UPI link), only for an overdue invoice. */
  readonly reminder: Shared | null;
  /** The party's phone, for the WhatsApp link. */
  readonly phone: string | null;
}

const NO_PARTY: Omit<PartyRecord, 'name'> = { address: null, gstNumber: null, panNumber: null, phone: null, email: null };

/** Reads a printable document, its party and the business: its message, and its PDF's path. */
export async function documentToSend(doc: InvoiceDocument, id: number): Promise<DocumentToSend> {
  const path = byId(doc.path, id);
  const [record, answer] = await Promise.all([apiClient.get<Record<string, unknown>>(path), apiClient.get(BUSINESS_PATH)]);
  const business = BusinessAnswerSchema.parse(answer).profile;
  const entity = MASTER_DATA_ENTITIES.find((e) => e.singular === doc.party.singular);
  const partyId = Number(record[doc.party.field]);
  const party = entity ? await apiClient.get<PartyRecord>(byId(entity.path, partyId)).catch(() => null) : null;
  const partyName = party?.name ?? `${doc.party.label} ${partyId}`;
  const printable = printableDocument(printSourceOf(doc, record), business, party ?? { name: partyName, ...NO_PARTY });
  const balanceDue = typeof record.balanceDue === 'string' ? record.balanceDue : null;
  const title = `${printable.title} ${printable.number}`;
  const overdue = record.status === 'overdue' && balanceDue !== null && decimal(balanceDue).gt(0);
  return {
    shared: { title, text: documentMessage({ title: printable.title, number: printable.number, total: printable.totals.total, balanceDue, dueDate: printable.dueDate, dueLabel: printable.dueLabel }, business), pdf: { path: pdfPath(path), name: pdfFileName(printable.number) } },
    reminder: overdue ? { title: `Payment reminder: ${printable.number}`, text: reminderMessage({ partyName, number: printable.number, balanceDue, dueDate: printable.dueDate }, business) } : null,
    phone: party?.phone ?? null,
  };
}
