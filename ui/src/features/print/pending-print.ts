import {
  type Business,
  dueDateFrom,
  indiaDate,
  type InvoiceDocument,
  isRecord,
  type PartyRecord,
  priceDocument,
  type PrintableDocument,
  printableDocument,
  type PrintSource,
  subtractMoney,
  termDaysOf,
} from '@erp/contracts';
import type { QueryClient } from '@tanstack/react-query';

import { formatDate } from '@/lib/format';
import type { OutboxEntry } from '@/lib/outbox';

/** The print page of a document waiting on this device: `/print/{stream}/waiting-{its outbox id}`. */
export { WAITING_ID as WAITING } from '@/lib/outbox';

/** The words printed on a document the server has not recorded yet (issue 47 item 3). */
export const PROVISIONAL = 'Provisional — not yet synced';

/** A party's record as printing reads it, with its payment terms (the due date left blank follows them). */
type CachedParty = PartyRecord & { readonly paymentTerms?: unknown; readonly paymentTermDays?: unknown };

/** What stands for the number of a document that gets its number when it syncs. */
const NUMBER_TO_COME = 'Provisional (given when synced)';

/**
 * A party's record as this device last read it: any list or detail of its entity kept in the
 * query cache (the cache survives reloads and no network), found by id.
 */
export function cachedParty(client: QueryClient, entity: { module: string; plural: string }, id: number): CachedParty | null {
  const isIt = (row: unknown): row is Record<string, unknown> => isRecord(row) && row.id === id && typeof row.name === 'string';
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
  for (const [, data] of client.getQueriesData<unknown>({ queryKey: [entity.module, entity.plural] })) {
    const rows: unknown[] = Array.isArray(data)
      ? data
      : isRecord(data) && Array.isArray(data.pages)
        ? data.pages.flatMap((p: unknown) => (isRecord(p) && Array.isArray(p.rows) ? p.rows : []))
        : [data];
    const found = rows.find(isIt);
    if (found) {
      return {
        name: String(found.name),
        address: text(found.address),
        gstNumber: text(found.gstNumber),
        panNumber: text(found.panNumber),
        phone: text(found.phone),
        email: text(found.email),
        paymentTerms: found.paymentTerms,
        paymentTermDays: found.paymentTermDays,
      };
    }
  }
  return null;
}

/**
 * A document waiting in the outbox as it will be printed: its body read as the command service
 * reads it and priced by the same function its decider records (`priceDocument`), so the figures
 * are the ones the server will keep. Its number is the device series' when it has one, else
 * said to come at sync; the date, when left blank, is the day it was made; the due date follows
 * the party's terms as the server's would. Marked provisional. Null when the body is not a
 * document this can price (a return, which copies its invoice's lines, or GST before the
 * business is set up).
 */
export function pendingPrintable(doc: InvoiceDocument, entry: OutboxEntry, business: Business | null, party: CachedParty | null): PrintableDocument | null {
  const parsed = doc.body.safeParse(entry.body);
  if (!doc.print || !parsed.success || parsed.data.noteType === 'return') return null;
  const body = parsed.data;
  const priced = priceDocument(doc.side, { ...body, taxMode: body.taxMode ?? 'manual', lines: body.lines }, business, party?.gstNumber ?? null);
  if (!priced) return null;
  const date = body.date ?? indiaDate(new Date(entry.queuedAt));
  const paid = body.paidNow ?? '0';
  const source: PrintSource = {
    print: doc.print,
    number: body.number ?? NUMBER_TO_COME,
    date,
    // The party's terms set a due date only on what is paid (an estimate's 'valid until' is its own).
    dueDate: body.dueDate ?? (doc.against || !party || !doc.print.payable ? null : dueDateFrom(date, termDaysOf(party))),
    taxMode: body.taxMode ?? 'manual',
    supplyType: priced.supplyType,
    placeOfSupply: priced.placeOfSupply,
    reverseCharge: priced.reverseCharge,
    againstNumber: null,
    againstDate: null,
    subTotal: priced.subTotal,
    cgst: priced.cgst,
    sgst: priced.sgst,
    igst: priced.igst,
    taxAmount: priced.taxAmount,
    roundOff: priced.roundOff,
    totalAmount: priced.totalAmount,
    balanceDue: subtractMoney(priced.totalAmount, paid),
    notes: doc.texts.includes('notes') ? (body.texts.notes ?? null) : null,
    lines: priced.lines,
  };
  const them = party ?? { name: `${doc.party.label} ${body.partyId}`, address: null, gstNumber: null, panNumber: null, phone: null, email: null };
  return { ...printableDocument(source, business, them), provisional: PROVISIONAL };
}

/** A line under the toolbar saying what this is and when it was made. */
export const pendingNote = (entry: OutboxEntry) =>
  `Made on this device on ${formatDate(indiaDate(new Date(entry.queuedAt)))} and waiting to sync: printed and shared marked “${PROVISIONAL}”.`;
