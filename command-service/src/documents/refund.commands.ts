import { type DomainEvent, indiaDate, notFound, type RefundBody, type RefundDocument, type RefundLine, seriesPrefix, validationError } from '@erp/contracts';

import { type CommandMetadata, decideAll } from '../shared/decider';
import type { CommandContext, CommandRun, StreamHandle } from '../shared/handle-command';
import { stateAfter } from '../shared/handle-command';
import { type Appends, businessProfile, type InvoiceStreams, requireParty, type SettlementStreams } from './command-parts';
import { issueNumber } from './numbers';
import { type RefundDecider, type RefundDraft, refundOf, type RefundState } from './refund.decider';
import { datedInBooks } from '../shared/period-locks';

/** A credit a refund draws on, as loaded for one command: its number, and its decider's answer to drawing or releasing. */
interface Credit {
  readonly stream: StreamHandle<unknown>;
  readonly number: string;
  draw(amount: string, path: string): DomainEvent[];
  release(): DomainEvent[];
}

/** The credits a refund may draw on: the party's notes, and its payments' or receipts' advances. */
export interface RefundSources {
  readonly notes: InvoiceStreams;
  readonly settlements: SettlementStreams;
}

/** A refund's date, once recorded. */
const dateOf = (state: RefundState) => (state.status === 'recorded' ? state.refund.date : null);

/**
 * Records, revises and voids a refund (issue 42). In the same append each credit it names is
 * drawn by its own decider — a note refuses more than its unapplied credit, a receipt or payment
 * more than its advance — and each credit it no longer names, or all of them when it is voided
 * or made inactive, is released.
 */
export const refundCommands = (doc: RefundDocument, decider: RefundDecider, sources: RefundSources) => {
  const creditOf = async (ctx: CommandContext, source: string, by: string, partyId: number, metadata: CommandMetadata): Promise<Credit> => {
    const id = Number(source.slice(source.lastIndexOf('-') + 1));
    if (doc.sourceKind(source) === 'note') {
      const { doc: notes, decider: noteDecider } = sources.notes;
      const stream = await ctx.load(source, noteDecider);
      return {
        stream,
        number: stream.state.status === 'recorded' ? stream.state.invoice.number : '',
        draw: (amount, path) => decideAll(noteDecider, { type: 'Allocate', data: { id, by, as: 'paid', partyId, amount, path }, metadata }, stream.state).map(notes.write),
        release: () => decideAll(noteDecider, { type: 'Release', data: { id, by }, metadata }, stream.state).map(notes.write),
      };
    }
    const { doc: settlements, decider: settlementDecider } = sources.settlements;
    const stream = await ctx.load(source, settlementDecider);
    return {
      stream,
      number: stream.state.status === 'recorded' ? (stream.state.settlement.number ?? `#${id}`) : '',
      draw: (amount, path) => decideAll(settlementDecider, { type: 'Allocate', data: { id, by, partyId, amount, path }, metadata }, stream.state).map(settlements.write),
      release: () => decideAll(settlementDecider, { type: 'Release', data: { id, by }, metadata }, stream.state).map(settlements.write),
    };
  };
  type Result = ReturnType<typeof refundOf>;
  const run =
    (kind: 'Record' | 'Revise', id: number, body: RefundBody, metadata: CommandMetadata): CommandRun<Result> =>
    async (ctx) => {
      const again = body.lines.flatMap((line, index) =>
        body.lines.findIndex((l) => l.source === line.source) < index ? [{ path: `lines.${index}.source`, message: 'This credit is already on another line' }] : [],
      );
      if (again.length > 0) throw validationError('Each credit can be on one line only', again);
      const refund = kind === 'Record' ? ctx.fresh(doc.streamOf(id), decider) : await ctx.load(doc.streamOf(id), decider);
      if (kind === 'Revise' && refund.state.status !== 'recorded') throw notFound(`${doc.label} ${id} not found`);
      await requireParty(ctx, doc.party, body.partyId);
      const by = doc.streamOf(id);
      const previous = refund.state.status === 'recorded' ? refund.state.refund.lines.map((l) => l.source) : [];
      const credits = new Map<string, Credit>();
      for (const source of [...body.lines.map((l) => l.source), ...previous]) {
        if (!credits.has(source)) credits.set(source, await creditOf(ctx, source, by, body.partyId, metadata));
      }
      const lines: RefundLine[] = body.lines.map((l, index) => ({ lineNo: index + 1, source: l.source, sourceNumber: credits.get(l.source)!.number, amount: l.amount }));
      const prefix = kind === 'Record' ? seriesPrefix(await businessProfile(ctx), doc.series) : '';
      const issued = kind === 'Record' ? await issueNumber(ctx, doc, id, prefix, body.date ?? indiaDate(metadata.now)) : null;
      const draft: RefundDraft = { number: issued?.number ?? null, partyId: body.partyId, date: body.date, paymentMethod: body.paymentMethod, texts: body.texts, active: body.active, lines };
      // The refund first: a voided one refuses the revision before any credit is asked.
      const changes = decideAll(decider, { type: kind, data: { id, draft }, metadata }, refund.state);
      // An inactive refund draws nothing.
      const drawing = body.active ? body.lines : [];
      const appends: Appends = drawing.map((line, index) => {
        const credit = credits.get(line.source)!;
        return { stream: credit.stream, events: credit.draw(line.amount, `lines.${index}.amount`) };
      });
      const kept = new Set(drawing.map((l) => l.source));
      for (const source of previous.filter((s) => !kept.has(s))) appends.push({ stream: credits.get(source)!.stream, events: credits.get(source)!.release() });
      if (issued && changes.length > 0) appends.push(...issued.appends);
      const after = stateAfter(decider, refund, changes);
      return { main: refund, appends: [{ stream: refund, events: changes.map(doc.write) }, ...appends], dated: datedInBooks(dateOf(refund.state), dateOf(after)), result: refundOf(doc, after) };
    };
  /** Voids it for good, with the reason kept in its history: every credit it drew on is the party's again. */
  const voidIt =
    (id: number, reason: string, metadata: CommandMetadata): CommandRun<Result> =>
    async (ctx) => {
      const refund = await ctx.load(doc.streamOf(id), decider);
      const changes = decideAll(decider, { type: 'Void', data: { id, reason }, metadata }, refund.state);
      const recorded = refund.state.status === 'recorded' ? refund.state.refund : null;
      const appends: Appends = [];
      for (const line of recorded?.lines ?? []) {
        const credit = await creditOf(ctx, line.source, doc.streamOf(id), recorded!.partyId, metadata);
        appends.push({ stream: credit.stream, events: credit.release() });
      }
      return { main: refund, appends: [{ stream: refund, events: changes.map(doc.write) }, ...appends], dated: datedInBooks(recorded?.date), result: refundOf(doc, stateAfter(decider, refund, changes)) };
    };
  return {
    record: (id: number, body: RefundBody, metadata: CommandMetadata) => run('Record', id, body, metadata),
    revise: (id: number, body: RefundBody, metadata: CommandMetadata) => run('Revise', id, body, metadata),
    void: voidIt,
  };
};
