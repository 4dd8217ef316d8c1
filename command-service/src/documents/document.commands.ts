import {
  BUSINESS_STREAM,
  type Business,
  DirectAmountSchema,
  financialYear,
  indiaDate,
  type InvoiceBody,
  type InvoiceDocument,
  notFound,
  NumberSeriesEventSchema,
  type SettlementBody,
  type SettlementDocument,
  type SettlementLine,
  seriesNumber,
  seriesStream,
  termDaysOf,
  toIssues,
  validationError,
} from '@erp/contracts';

import { reservationDecider, type ReservationState } from '../master-data/reservation.decider';
import { businessDecider, businessOf } from '../settings/business.decider';
import { type CommandMetadata, decideAll } from '../shared/decider';
import type { CommandContext, CommandRun, Decision, StreamHandle } from '../shared/handle-command';
import { stateAfter } from '../shared/handle-command';
import { type InvoiceContext, type InvoiceDecider, invoiceOf, type InvoiceState } from './invoice.decider';
import { nameParty } from './parties';
import { type SettlementDecider, type SettlementDraft, settlementOf } from './settlement.decider';

type Appends = Decision<unknown>['appends'][number][];

const businessProfile = async (ctx: CommandContext): Promise<Business | null> => businessOf((await ctx.load(BUSINESS_STREAM, businessDecider)).state);

/** The invoices of a kind, read and decided by its decider (a payment's, a note's). */
export interface InvoiceStreams {
  readonly doc: InvoiceDocument;
  readonly decider: InvoiceDecider;
}

/** Loads each invoice stream once per command. */
const invoiceLoader = (ctx: CommandContext, { doc, decider }: InvoiceStreams) => {
  const loaded = new Map<number, StreamHandle<InvoiceState>>();
  return async (invoiceId: number) => {
    const stream = loaded.get(invoiceId) ?? (await ctx.load(doc.streamOf(invoiceId), decider));
    loaded.set(invoiceId, stream);
    return stream;
  };
};

/** Releases one settling document's share from each of these invoices (DESIGN §4). */
const releases = async (by: string, invoiceIds: readonly number[], load: (id: number) => Promise<StreamHandle<InvoiceState>>, decider: InvoiceDecider, doc: InvoiceDocument, metadata: CommandMetadata) => {
  const appends: Appends = [];
  for (const invoiceId of invoiceIds) {
    const invoice = await load(invoiceId);
    const changes = decideAll(decider, { type: 'Release', data: { id: invoiceId, by }, metadata }, invoice.state);
    appends.push({ stream: invoice, events: changes.map(doc.write) });
  }
  return appends;
};

// ---------------------------------------------------------------- invoices and notes

interface Numbered {
  readonly partyId: number;
  readonly number: string;
}

/**
 * Moves a number's claim (DESIGN §4 reservation) from `before` to `after`. `seen`: the claim's
 * stream as the series read it, so a number taken meanwhile is a version conflict (decided again
 * with the next number), not a 409.
 */
const numberClaims = async (
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
const nextNumber = async (doc: InvoiceDocument, ctx: CommandContext, id: number, prefix: string, date: string, partyId: number) => {
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
 * Record and revise of one invoice-like document (an invoice, a credit or debit note), each a
 * CommandRun for handleCommand: read what the decision needs (the party's GSTIN, the business's
 * profile, the next number, a note's invoice), decide, and append with the number's claim and,
 * for a note, its credit on the invoice it is against — all in one append.
 */
export const invoiceCommands = (doc: InvoiceDocument, decider: InvoiceDecider, noteOf?: InvoiceStreams, settledBy?: SettlementStreams) => {
  type Result = ReturnType<typeof invoiceOf>;
  const run =
    (kind: 'Record' | 'Revise', id: number, body: InvoiceBody, metadata: CommandMetadata, settlementId: number | null = null): CommandRun<Result> =>
    async (ctx) => {
      if (body.paidNow && kind === 'Revise') {
        const message = `${doc.settleNow?.label ?? 'Paid now'} is for a new invoice: record a receipt or payment for this one`;
        throw validationError(message, [{ path: 'paidNow', message }]);
      }
      const invoice = kind === 'Record' ? ctx.fresh(doc.streamOf(id), decider) : await ctx.load(doc.streamOf(id), decider);
      const before = invoice.state.status === 'recorded' ? invoice.state.invoice : null;
      if (kind === 'Revise' && !before) throw notFound(`${doc.label} ${id} not found`);
      // A new invoice, or one moved to another party, opens business with it (refused if inactive).
      const party = await nameParty(ctx, doc.party, body.partyId, !doc.against && body.partyId !== before?.partyId, metadata);
      const business = body.taxMode === 'gst' || (doc.series && !body.number && !before) ? await businessProfile(ctx) : null;
      const series =
        !body.number && !before && doc.series
          ? await nextNumber(doc, ctx, id, business?.[doc.series] ?? defaultPrefix(doc), body.date ?? indiaDate(metadata.now), body.partyId)
          : null;
      const number = body.number ?? before?.number ?? series?.number;
      if (!number) throw validationError(`${doc.numberLabel} is required`, [{ path: doc.numberField, message: `${doc.numberLabel} is required` }]);
      const against = noteOf && body.againstId ? await noteAgainst(ctx, noteOf, body.againstId) : null;
      const partyGstin = typeof party.values.gstNumber === 'string' ? party.values.gstNumber : null;
      const context: InvoiceContext = { business, partyGstin, number, against, termDays: termDaysOf(party.values) };
      const recorded = decideAll(decider, { type: kind, data: { id, body, context }, metadata }, invoice.state);
      // Paid as it is recorded: a receipt or payment of its own, allocated here in the same append.
      const paidBusiness = body.paidNow && settledBy && settlementId ? (business ?? (await businessProfile(ctx))) : null;
      const paid =
        body.paidNow && settledBy && settlementId ? await settleNow(ctx, paidBusiness, settledBy, settlementId, id, body, stateAfter(decider, invoice, recorded), decider, metadata) : null;
      const changes = [...recorded, ...(paid?.allocated ?? [])];
      const after = stateAfter(decider, invoice, changes);
      const appends: Appends = [{ stream: invoice, events: changes.map(doc.write) }, ...(paid ? [{ stream: ctx.fresh(paid.stream, settledBy!.decider), events: paid.events }, ...paid.numbered] : [])];
      if (changes.length > 0) {
        appends.push(...party.appends, ...(series?.appends ?? []));
        appends.push(...(await numberClaims(doc, ctx, id, metadata, before && { partyId: before.partyId, number: before.number }, { partyId: body.partyId, number }, series?.claim)));
        if (noteOf && after.status === 'recorded') appends.push(...(await noteCredit(ctx, noteOf, doc.streamOf(id), before, after.invoice, metadata)));
      }
      return { main: invoice, appends, checked: party.checked, result: invoiceOf(doc, after, metadata.now) };
    };
  return {
    /** `settlementId`: the id of the receipt or payment that `paidNow` records. */
    record: (id: number, body: InvoiceBody, metadata: CommandMetadata, settlementId: number | null = null) => run('Record', id, body, metadata, settlementId),
    revise: (id: number, body: InvoiceBody, metadata: CommandMetadata) => run('Revise', id, body, metadata),
  };
};

/** The settling documents of an invoice kind (receipts for sales invoices), read and decided by their decider. */
export interface SettlementStreams {
  readonly doc: SettlementDocument;
  readonly decider: SettlementDecider;
}

/**
 * An invoice paid as it is recorded: the receipt (or payment) of `paidNow`, one line on this
 * invoice, and its allocation decided by the invoice's own decider (more than the total is a
 * 409 on `paidNow`).
 */
const settleNow = async (
  ctx: CommandContext,
  business: Business | null,
  settledBy: SettlementStreams,
  settlementId: number,
  invoiceId: number,
  body: InvoiceBody,
  invoice: InvoiceState,
  decider: InvoiceDecider,
  metadata: CommandMetadata,
) => {
  if (invoice.status !== 'recorded') return null;
  const { doc } = settledBy;
  const amount = body.paidNow!;
  const issued = await issueNumber(ctx, doc, settlementId, business, invoice.invoice.date);
  const line: SettlementLine = { lineNo: 1, invoiceId, invoiceNumber: invoice.invoice.number, invoiceAmount: invoice.invoice.totalAmount, amount };
  const draft: SettlementDraft = {
    number: issued.number,
    partyId: body.partyId,
    date: invoice.invoice.date,
    paymentMethod: body.paymentMethod,
    texts: Object.fromEntries(doc.texts.map((t) => [t, t === 'description' ? `With invoice ${invoice.invoice.number}` : null])),
    active: true,
    lines: [line],
    directAmount: null,
  };
  const stream = doc.streamOf(settlementId);
  const events = decideAll(settledBy.decider, { type: 'Record', data: { id: settlementId, draft }, metadata }, settledBy.decider.initialState()).map(doc.write);
  const allocate = { type: 'Allocate' as const, data: { id: invoiceId, by: stream, as: 'paid' as const, partyId: body.partyId, amount, path: 'paidNow' }, metadata };
  return { stream, events, allocated: decideAll(decider, allocate, invoice), numbered: issued.appends };
};

/**
 * The next number of the business's series for a payment or receipt (`RCT/2026-27/0001`), and the
 * event that takes it at the series' version: a racing document conflicts and decides again, and
 * a refused one takes nothing (its append never happens). These numbers are never typed.
 */
const issueNumber = async (ctx: CommandContext, doc: SettlementDocument, id: number, business: Business | null, date: string) => {
  const fy = financialYear(date);
  const series = await ctx.versionOf(seriesStream(doc.stream, fy));
  const seq = series.version + 1;
  const number = seriesNumber(business?.[doc.series] ?? (doc.series === 'receiptPrefix' ? 'RCT' : 'PAY'), fy, seq);
  const issued = NumberSeriesEventSchema.parse({ type: 'DocumentNumberIssued', data: { seq, number, document: doc.streamOf(id) } });
  return { number, appends: [{ stream: series, events: [issued] }] satisfies Appends };
};

const defaultPrefix = (doc: InvoiceDocument) => (doc.series === 'creditNotePrefix' ? 'CN' : doc.series === 'debitNotePrefix' ? 'DN' : 'INV');

/** The invoice a note is against, as the note's decider checks it. */
const noteAgainst = async (ctx: CommandContext, invoices: InvoiceStreams, invoiceId: number): Promise<InvoiceContext['against']> => {
  const stream = await ctx.load(invoices.doc.streamOf(invoiceId), invoices.decider);
  if (stream.state.status !== 'recorded') return null;
  const { partyId, number, date, placeOfSupply } = stream.state.invoice;
  return { id: invoiceId, partyId, number, date, placeOfSupply };
};

/**
 * A note's credit on the invoice it is against: its total, as `credited`, keyed by the note's
 * stream; moved when the note moves to another invoice, released when it is made inactive. The
 * invoice's decider refuses a credit past what is still due on it (a 409 on the note's lines).
 */
const noteCredit = async (
  ctx: CommandContext,
  invoices: InvoiceStreams,
  by: string,
  before: { readonly againstId: number | null } | null,
  note: { readonly againstId: number | null; readonly partyId: number; readonly totalAmount: string; readonly active: boolean },
  metadata: CommandMetadata,
): Promise<Appends> => {
  const load = invoiceLoader(ctx, invoices);
  const appends: Appends = [];
  const target = note.active ? note.againstId : null;
  if (before?.againstId && before.againstId !== target) {
    appends.push(...(await releases(by, [before.againstId], load, invoices.decider, invoices.doc, metadata)));
  }
  if (target) {
    const invoice = await load(target);
    const allocate = { type: 'Allocate' as const, data: { id: target, by, as: 'credited' as const, partyId: note.partyId, amount: note.totalAmount, path: 'lines' }, metadata };
    appends.push({ stream: invoice, events: decideAll(invoices.decider, allocate, invoice.state).map(invoices.doc.write) });
  }
  return appends;
};

// ---------------------------------------------------------------- payments and receipts

/** Lines name distinct invoices; a document without lines says its amount. */
const checkBody = (body: SettlementBody): string | null => {
  const seen = new Set<number>();
  const issues = body.lines.flatMap((line, index) => {
    const again = seen.has(line.invoiceId);
    seen.add(line.invoiceId);
    return again ? [{ path: `lines.${index}.invoiceId`, message: 'This invoice is already on another line' }] : [];
  });
  if (issues.length > 0) throw validationError('Each invoice can be on one line only', issues);
  if (body.lines.length > 0) return null;
  const amount = DirectAmountSchema.safeParse(body.amount);
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
export const settlementCommands = (doc: SettlementDocument, decider: SettlementDecider, invoices: InvoiceStreams) => {
  const amountField = doc.lineAmount.field;
  type Result = ReturnType<typeof settlementOf>;
  const run =
    (kind: 'Record' | 'Revise', id: number, body: SettlementBody, metadata: CommandMetadata): CommandRun<Result> =>
    async (ctx) => {
      const directAmount = checkBody(body);
      const settlement = kind === 'Record' ? ctx.fresh(doc.streamOf(id), decider) : await ctx.load(doc.streamOf(id), decider);
      if (kind === 'Revise' && settlement.state.status !== 'recorded') throw notFound(`${doc.label} ${id} not found`);
      const party = await nameParty(ctx, doc.party, body.partyId, false, metadata);
      const load = invoiceLoader(ctx, invoices);
      const lines: SettlementLine[] = [];
      for (const [index, line] of body.lines.entries()) {
        const invoice = await load(line.invoiceId);
        const recorded = invoice.state.status === 'recorded' ? invoice.state.invoice : null;
        lines.push({ lineNo: index + 1, invoiceId: line.invoiceId, invoiceNumber: recorded?.number ?? '', invoiceAmount: recorded?.totalAmount ?? '0.00', amount: line.amount });
      }
      // A new one takes the next number of its series in the same append (Revise keeps its number).
      const issued = kind === 'Record' ? await issueNumber(ctx, doc, id, await businessProfile(ctx), body.date ?? indiaDate(metadata.now)) : null;
      const draft: SettlementDraft = { number: issued?.number ?? null, partyId: body.partyId, date: body.date, paymentMethod: body.paymentMethod, texts: body.texts, active: body.active, lines, directAmount };
      // The settlement first: a voided one refuses the revision before any invoice is asked.
      const changes = decideAll(decider, { type: kind, data: { id, draft }, metadata }, settlement.state);
      const by = doc.streamOf(id);
      const appends: Appends = [];
      // An inactive settlement settles nothing.
      const allocating = body.active ? body.lines : [];
      for (const [index, line] of allocating.entries()) {
        const invoice = await load(line.invoiceId);
        const allocate = { type: 'Allocate' as const, data: { id: line.invoiceId, by, as: 'paid' as const, partyId: body.partyId, amount: line.amount, path: `lines.${index}.${amountField}` }, metadata };
        appends.push({ stream: invoice, events: decideAll(invoices.decider, allocate, invoice.state).map(invoices.doc.write) });
      }
      const previous = settlement.state.status === 'recorded' ? settlement.state.settlement.lines : [];
      const kept = new Set(allocating.map((l) => l.invoiceId));
      appends.push(...(await releases(by, previous.filter((l) => !kept.has(l.invoiceId)).map((l) => l.invoiceId), load, invoices.decider, invoices.doc, metadata)));
      if (changes.length > 0) appends.push(...party.appends, ...(issued?.appends ?? []));
      const result = settlementOf(doc, stateAfter(decider, settlement, changes));
      return { main: settlement, appends: [{ stream: settlement, events: changes.map(doc.write) }, ...appends], checked: party.checked, result };
    };
  /** Voids it for good, with the reason kept in its history; every invoice it settled is released. */
  const voidIt =
    (id: number, reason: string, metadata: CommandMetadata): CommandRun<Result> =>
    async (ctx) => {
      const settlement = await ctx.load(doc.streamOf(id), decider);
      const changes = decideAll(decider, { type: 'Void', data: { id, reason }, metadata }, settlement.state);
      const lines = settlement.state.status === 'recorded' ? settlement.state.settlement.lines : [];
      const appends = await releases(doc.streamOf(id), lines.map((l) => l.invoiceId), invoiceLoader(ctx, invoices), invoices.decider, invoices.doc, metadata);
      return { main: settlement, appends: [{ stream: settlement, events: changes.map(doc.write) }, ...appends], result: settlementOf(doc, stateAfter(decider, settlement, changes)) };
    };
  return {
    record: (id: number, body: SettlementBody, metadata: CommandMetadata) => run('Record', id, body, metadata),
    revise: (id: number, body: SettlementBody, metadata: CommandMetadata) => run('Revise', id, body, metadata),
    void: voidIt,
  };
};
