import { isRecord, salesInvoices } from '@erp/contracts';

import { giveBackDeviceNumber, takeDeviceNumber } from '@/lib/device-series';
import { todayInIndia } from '@/lib/format';
import { type NewCommand, Outbox, type Outcome, type OutboxEntry, type Transmit } from '@/lib/outbox';
import { indexedDbOutboxStore } from '@/lib/outbox-store';

/** The app's one outbox (lib/outbox.ts), made when the API client first needs it. */
let outbox: Outbox | null = null;

export const outboxWith = (transmit: Transmit): Outbox => (outbox ??= new Outbox(indexedDbOutboxStore(), transmit));

const dateOf = (body: Record<string, unknown>) => (typeof body[salesInvoices.dateField] === 'string' && body[salesInvoices.dateField] ? String(body[salesInvoices.dateField]) : todayInIndia());

/**
 * A sale made while the device knows it is offline takes its number from the device's own
 * series (final: the server accepts it on sync), unless one was typed. One sent online that
 * could not get through waits without a number: the server gives it one from the business's
 * series when it syncs, and until then it is provisional.
 */
async function prepare(command: NewCommand): Promise<NewCommand> {
  if (command.method !== 'POST' || command.path !== salesInvoices.path || navigator.onLine) return command;
  const body = command.body;
  if (!isRecord(body)) return command;
  if (typeof body[salesInvoices.numberField] === 'string' && body[salesInvoices.numberField] !== '') return command;
  const number = await takeDeviceNumber(dateOf(body));
  return number ? { ...command, body: { ...body, [salesInvoices.numberField]: number }, note: { number: 'device-series' } } : command;
}

export async function submitOffline(command: NewCommand, transmit: Transmit): Promise<Outcome> {
  const prepared = await prepare(command);
  const outcome = await outboxWith(transmit).submit(prepared);
  // Refused while the form is open: its number is not used.
  const body = prepared.body;
  if (outcome.kind === 'answered' && !outcome.response.ok && prepared.note?.number === 'device-series' && isRecord(body)) {
    await giveBackDeviceNumber(String(body[salesInvoices.numberField]), dateOf(body));
  }
  return outcome;
}

/** Forgets a command kept on the device; a sale's number from the device's series is given back when it was the last. */
export async function discardCommand(entry: OutboxEntry) {
  await outbox?.discard(entry.id);
  const body = entry.body;
  if (entry.note.number === 'device-series' && isRecord(body)) await giveBackDeviceNumber(String(body[salesInvoices.numberField]), dateOf(body));
}
