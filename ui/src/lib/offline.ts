import { INVOICE_DOCUMENTS, type InvoiceDocument, isRecord } from '@erp/contracts';

import { giveBackDeviceNumber, takeDeviceNumber } from '@/lib/device-series';
import { todayInIndia } from '@/lib/format';
import { type NewCommand, Outbox, type Outcome, type OutboxEntry, type Transmit } from '@/lib/outbox';
import { indexedDbOutboxStore } from '@/lib/outbox-store';

/** The app's one outbox (lib/outbox.ts), made when the API client first needs it. */
let outbox: Outbox | null = null;

export const outboxWith = (transmit: Transmit): Outbox => (outbox ??= new Outbox(indexedDbOutboxStore(), transmit));

/** The kind a new document of this path is, when it may take a number from the device's own series. */
const numberedOnDevice = (method: string, path: string) => (method === 'POST' ? INVOICE_DOCUMENTS.find((kind) => kind.deviceSeries && kind.path === path) : undefined);

const dateOf = (kind: InvoiceDocument, body: Record<string, unknown>) => (typeof body[kind.dateField] === 'string' && body[kind.dateField] ? String(body[kind.dateField]) : todayInIndia());

/**
 * A sale made while the device knows it is offline takes its number from the device's own
 * series (final: the server accepts it on sync), unless one was typed. One sent online that
 * could not get through waits without a number: the server gives it one from the business's
 * series when it syncs, and until then it is provisional.
 */
async function prepare(command: NewCommand): Promise<NewCommand> {
  const kind = numberedOnDevice(command.method, command.path);
  if (!kind || navigator.onLine) return command;
  const body = command.body;
  if (!isRecord(body)) return command;
  if (typeof body[kind.numberField] === 'string' && body[kind.numberField] !== '') return command;
  const number = await takeDeviceNumber(dateOf(kind, body));
  return number ? { ...command, body: { ...body, [kind.numberField]: number }, note: { number: 'device-series' } } : command;
}

export async function submitOffline(command: NewCommand, transmit: Transmit): Promise<Outcome> {
  const prepared = await prepare(command);
  const outcome = await outboxWith(transmit).submit(prepared);
  // Refused while the form is open: its number is not used.
  const kind = numberedOnDevice(prepared.method, prepared.path);
  const body = prepared.body;
  if (kind && outcome.kind === 'answered' && !outcome.response.ok && prepared.note?.number === 'device-series' && isRecord(body)) {
    await giveBackDeviceNumber(String(body[kind.numberField]), dateOf(kind, body));
  }
  return outcome;
}

/** Forgets a command kept on the device; a sale's number from the device's series is given back when it was the last. */
export async function discardCommand(entry: OutboxEntry) {
  await outbox?.discard(entry.id);
  const body = entry.body;
  const kind = numberedOnDevice(entry.method, entry.path);
  if (kind && entry.note.number === 'device-series' && isRecord(body)) await giveBackDeviceNumber(String(body[kind.numberField]), dateOf(kind, body));
}
