import { financialYear, type InvoiceDocument, NumberSeriesEventSchema, seriesNumber, seriesStream } from '@erp/contracts';

import { reservationDecider, type ReservationState } from '../master-data/reservation.decider';
import { type CommandMetadata, decideAll } from '../shared/decider';
import type { CommandContext, StreamHandle } from '../shared/handle-command';
import type { Appends } from './command-parts';

interface Numbered {
  readonly partyId: number;
  readonly number: string;
}

/**
 * Moves a number's claim (DESIGN §4 reservation) from `before` to `after`. `seen`: the claim's
 * stream as the series read it, so a number taken meanwhile is a version conflict (decided again
 * with the next number), not a 409.
 */
export const numberClaims = async (
  doc: InvoiceDocument,
  ctx: CommandContext,
  documentId: number,
  metadata: CommandMetadata,
  before: Numbered | null,
  after: Numbered,
  seen?: StreamHandle<ReservationState>,
): Promise<Appends> => {
  const streamOf = (n: Numbered) => doc.numberStream(n.partyId, n.number);
  if (before && streamOf(before) === streamOf(after)) return [];
  const appends: Appends = [];
  const field = doc.numberField;
  if (before) {
    const held = await ctx.load(streamOf(before), reservationDecider);
    const release = { type: 'Release' as const, data: { field, value: before.number, ownerId: documentId }, metadata };
    appends.push({ stream: held, events: decideAll(reservationDecider, release, held.state) });
  }
  const wanted = seen ?? (await ctx.load(streamOf(after), reservationDecider));
  const scope = doc.numberUnique === 'party' ? ` for this ${doc.party.label.toLowerCase()}` : '';
  const takenMessage = `${doc.numberLabel} ${after.number} is already recorded${scope}`;
  const claim = { type: 'Claim' as const, data: { field, value: after.number, ownerId: documentId, takenMessage }, metadata };
  appends.push({ stream: wanted, events: decideAll(reservationDecider, claim, wanted.state) });
  return appends;
};

/**
 * The next number of the business's series for this kind and financial year, and the events
 * that take it (at the series' version: a racing document conflicts and decides again). A
 * number already claimed (typed by hand) is skipped, said in the series.
 */
export const nextNumber = async (doc: InvoiceDocument, ctx: CommandContext, id: number, prefix: string, date: string, partyId: number) => {
  const fy = financialYear(date);
  const series = await ctx.versionOf(seriesStream(doc.stream, fy));
  const events = [];
  for (let seq = series.version + 1; ; seq++) {
    const number = seriesNumber(prefix, fy, seq);
    const claim = await ctx.load(doc.numberStream(partyId, number), reservationDecider);
    if (claim.state.ownerId === null || claim.state.ownerId === id) {
      events.push(NumberSeriesEventSchema.parse({ type: 'DocumentNumberIssued', data: { seq, number, document: doc.streamOf(id) } }));
      return { number, claim, appends: [{ stream: series, events }] satisfies Appends };
    }
    events.push(NumberSeriesEventSchema.parse({ type: 'DocumentNumberSkipped', data: { seq, number, reason: 'typed on another document' } }));
  }
};

/**
 * The next number of a series whose numbers are never typed (payments, receipts, refunds:
 * `RCT/2026-27/0001`), and the event that takes it at the series' version: a racing document
 * conflicts and decides again, and a refused one takes nothing (its append never happens).
 */
export const issueNumber = async (ctx: CommandContext, doc: { readonly stream: string; streamOf(id: number): string }, id: number, prefix: string, date: string) => {
  const fy = financialYear(date);
  const series = await ctx.versionOf(seriesStream(doc.stream, fy));
  const seq = series.version + 1;
  const number = seriesNumber(prefix, fy, seq);
  const issued = NumberSeriesEventSchema.parse({ type: 'DocumentNumberIssued', data: { seq, number, document: doc.streamOf(id) } });
  return { number, appends: [{ stream: series, events: [issued] }] satisfies Appends };
};
