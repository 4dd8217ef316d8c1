import {
  DirectAmountSchema,
  type InvoiceBodyView,
  type InvoiceDocument,
  notFound,
  type PartyConfig,
  type SettlementBodyView,
  type SettlementDocument,
  toIssues,
  validationError,
} from '@erp/contracts';

import { requireRecord } from '../master-data/references';
import { reservationDecider } from '../master-data/reservation.decider';
import { type CommandMetadata, decideAll } from '../shared/decider';
import type { CommandContext, CommandRun, Decision, StreamHandle } from '../shared/handle-command';
import { stateAfter } from '../shared/handle-command';
import { type InvoiceDecider, invoiceOf, type InvoiceState } from './invoice.decider';
import { type SettlementDecider, type SettlementDraft, settlementOf } from './settlement.decider';

type Appends = Decision<unknown>['appends'][number][];

/** A document names an existing vendor or customer (400 on that field otherwise). */
const requireParty = (ctx: CommandContext, party: PartyConfig<string>, id: number) =>
  requireRecord(ctx, party.singular, id, { path: party.field, message: party.missing });

// ---------------------------------------------------------------- invoices

interface Numbered {
  readonly partyId: number;
  readonly invoiceNumber: string;
}

/** Moves a bill number's claim (DESIGN §4 reservation) from `before` to `after`. */
const numberClaims = async (doc: InvoiceDocument, ctx: CommandContext, invoiceId: number, metadata: CommandMetadata, before: Numbered | null, after: Numbered): Promise<Appends> => {
  const streamOf = (n: Numbered) => doc.numberStream(n.partyId, n.invoiceNumber);
  if (before && streamOf(before) === streamOf(after)) return [];
  const appends: Appends = [];
  if (before) {
    const held = await ctx.load(streamOf(before), reservationDecider);
    const release = { type: 'Release' as const, data: { field: 'invoiceNumber', value: before.invoiceNumber, ownerId: invoiceId }, metadata };
    appends.push({ stream: held, events: decideAll(reservationDecider, release, held.state) });
  }
  const wanted = await ctx.load(streamOf(after), reservationDecider);
  const scope = doc.numberUnique === 'party' ? ` for this ${doc.party.label.toLowerCase()}` : '';
  const takenMessage = `Invoice number ${after.invoiceNumber} is already recorded${scope}`;
  const claim = { type: 'Claim' as const, data: { field: 'invoiceNumber', value: after.invoiceNumber, ownerId: invoiceId, takenMessage }, metadata };
  appends.push({ stream: wanted, events: decideAll(reservationDecider, claim, wanted.state) });
  return appends;
};

/** Record and revise of one invoice document, each a CommandRun for handleCommand. */
export const invoiceCommands = (doc: InvoiceDocument, decider: InvoiceDecider) => {
  const partyOf = (body: InvoiceBodyView) => body[doc.party.field] as number;
  const record =
    (id: number, body: InvoiceBodyView, metadata: CommandMetadata): CommandRun<ReturnType<typeof invoiceOf>> =>
    async (ctx) => {
      await requireParty(ctx, doc.party, partyOf(body));
      const invoice = ctx.fresh(doc.streamOf(id), decider);
      const events = decideAll(decider, { type: 'Record', data: { id, body }, metadata }, invoice.state);
      const claims = await numberClaims(doc, ctx, id, metadata, null, { partyId: partyOf(body), invoiceNumber: body.invoiceNumber });
      return { main: invoice, appends: [{ stream: invoice, events }, ...claims], result: invoiceOf(doc, stateAfter(decider, invoice, events), metadata.now) };
    };
  const revise =
    (id: number, body: InvoiceBodyView, metadata: CommandMetadata): CommandRun<ReturnType<typeof invoiceOf>> =>
    async (ctx) => {
      const invoice = await ctx.load(doc.streamOf(id), decider);
      const events = decideAll(decider, { type: 'Revise', data: { id, body }, metadata }, invoice.state);
      const before = invoice.state.status === 'recorded' ? invoice.state.invoice : null;
      const beforeParty = before ? (before[doc.party.field] as number) : 0;
      if (events.length > 0 && beforeParty !== partyOf(body)) await requireParty(ctx, doc.party, partyOf(body));
      const claims =
        events.length > 0 && before
          ? await numberClaims(doc, ctx, id, metadata, { partyId: beforeParty, invoiceNumber: before.invoiceNumber }, { partyId: partyOf(body), invoiceNumber: body.invoiceNumber })
          : [];
      return { main: invoice, appends: [{ stream: invoice, events }, ...claims], result: invoiceOf(doc, stateAfter(decider, invoice, events), metadata.now) };
    };
  return { record, revise };
};

// ---------------------------------------------------------------- payments and receipts

/** Lines name distinct invoices; a document without lines says its amount. */
const checkBody = (body: SettlementBodyView): string | null => {
  const seen = new Set<number>();
  const issues = body.lines.flatMap((line, index) => {
    const again = seen.has(line.invoiceId);
    seen.add(line.invoiceId);
    return again ? [{ path: `lines.${index}.invoiceId`, message: 'This invoice is already on another line' }] : [];
  });
  if (issues.length > 0) throw validationError('Each invoice can be on one line only', issues);
  if (body.lines.length > 0) return null;
  // An integrator sends back what GET answered: `totalAmount` stands for `amount`.
  const amount = DirectAmountSchema.safeParse(body.amount ?? body.totalAmount);
  if (!amount.success) throw validationError('Invalid amount', toIssues(amount.error).map((i) => ({ ...i, path: 'amount' })));
  return amount.data;
};

/**
 * Records or revises a payment or receipt and, in the same append, sets its allocation on every
 * invoice it names and releases it from every invoice it no longer names (DESIGN §4). Each
 * invoice's decider refuses more than its balance; a concurrent settlement moves the invoice's
 * stream, and the whole command is decided again. An inactive one settles nothing: its
 * allocations are released (and made again when it is active once more). Voiding releases
 * them for good.
 */
export const settlementCommands = (doc: SettlementDocument, decider: SettlementDecider, invoices: InvoiceDecider) => {
  const amountField = doc.lineAmount.field;
  type Result = ReturnType<typeof settlementOf>;
  const invoiceStreams = (ctx: CommandContext) => {
    const loaded = new Map<number, StreamHandle<InvoiceState>>();
    return async (invoiceId: number) => {
      const stream = loaded.get(invoiceId) ?? (await ctx.load(doc.invoices.streamOf(invoiceId), invoices));
      loaded.set(invoiceId, stream);
      return stream;
    };
  };
  /** Releases this settlement's share from each of these invoices (DESIGN §4). */
  const releases = async (id: number, invoiceIds: readonly number[], invoiceStream: (id: number) => Promise<StreamHandle<InvoiceState>>, metadata: CommandMetadata) => {
    const appends: Appends = [];
    for (const invoiceId of invoiceIds) {
      const invoice = await invoiceStream(invoiceId);
      const release = { type: 'Release' as const, data: { id: invoiceId, settlementId: id }, metadata };
      appends.push({ stream: invoice, events: decideAll(invoices, release, invoice.state) });
    }
    return appends;
  };
  const run =
    (kind: 'Record' | 'Revise', id: number, body: SettlementBodyView, metadata: CommandMetadata): CommandRun<Result> =>
    async (ctx) => {
      const directAmount = checkBody(body);
      const settlement = kind === 'Record' ? ctx.fresh(doc.streamOf(id), decider) : await ctx.load(doc.streamOf(id), decider);
      if (kind === 'Revise' && settlement.state.status !== 'recorded') throw notFound(`${doc.label} ${id} not found`);
      const partyId = body[doc.party.field] as number;
      await requireParty(ctx, doc.party, partyId);
      const invoiceStream = invoiceStreams(ctx);
      const lines: SettlementDraft['lines'][number][] = [];
      for (const [index, line] of body.lines.entries()) {
        const invoice = await invoiceStream(line.invoiceId);
        const recorded = invoice.state.status === 'recorded' ? invoice.state.invoice : null;
        lines.push({ lineNo: index + 1, invoiceId: line.invoiceId, invoiceNumber: recorded?.invoiceNumber ?? '', invoiceAmount: recorded?.totalAmount ?? '0.00', [amountField]: String(line[amountField]) });
      }
      const draft: SettlementDraft = {
        partyId,
        date: (body[doc.dateField] as string | null) ?? null,
        paymentMethod: body.paymentMethod,
        texts: Object.fromEntries(doc.texts.map((t) => [t, (body[t] as string | null) ?? null])),
        active: body.active,
        lines,
        directAmount,
      };
      // The settlement first: a voided one refuses the revision before any invoice is asked.
      const events = decideAll(decider, { type: kind, data: { id, draft }, metadata }, settlement.state);
      const appends: Appends = [];
      // An inactive settlement settles nothing.
      const allocating = body.active ? body.lines : [];
      for (const [index, line] of allocating.entries()) {
        const invoice = await invoiceStream(line.invoiceId);
        const amount = String(line[amountField]);
        const allocate = { type: 'Allocate' as const, data: { id: line.invoiceId, settlementId: id, partyId, amount, line: index, amountField }, metadata };
        appends.push({ stream: invoice, events: decideAll(invoices, allocate, invoice.state) });
      }
      const previous = settlement.state.status === 'recorded' ? settlement.state.settlement.lines : [];
      const kept = new Set(allocating.map((l) => l.invoiceId));
      appends.push(...(await releases(id, previous.filter((l) => !kept.has(l.invoiceId)).map((l) => l.invoiceId), invoiceStream, metadata)));
      return { main: settlement, appends: [{ stream: settlement, events }, ...appends], result: settlementOf(stateAfter(decider, settlement, events)) };
    };
  /** Voids it for good, with the reason kept in its history; every invoice it settled is released. */
  const voidIt =
    (id: number, reason: string, metadata: CommandMetadata): CommandRun<Result> =>
    async (ctx) => {
      const settlement = await ctx.load(doc.streamOf(id), decider);
      const events = decideAll(decider, { type: 'Void', data: { id, reason }, metadata }, settlement.state);
      const lines = settlement.state.status === 'recorded' ? settlement.state.settlement.lines : [];
      const appends = await releases(id, lines.map((l) => l.invoiceId), invoiceStreams(ctx), metadata);
      return { main: settlement, appends: [{ stream: settlement, events }, ...appends], result: settlementOf(stateAfter(decider, settlement, events)) };
    };
  return {
    record: (id: number, body: SettlementBodyView, metadata: CommandMetadata) => run('Record', id, body, metadata),
    revise: (id: number, body: SettlementBodyView, metadata: CommandMetadata) => run('Revise', id, body, metadata),
    void: voidIt,
  };
};
