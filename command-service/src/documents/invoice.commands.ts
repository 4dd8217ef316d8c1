import {
  type Business,
  compareMoney,
  eDocumentsStream,
  hasEInvoice,
  indiaDate,
  type InvoiceBody,
  type InvoiceChange,
  type InvoiceData,
  notFound,
  seriesPrefix,
  type SettlementLine,
  sumMoney,
  termDaysOf,
  validationError,
} from '@erp/contracts';

import { type CommandMetadata, decideAll, evolveAll } from '../shared/decider';
import type { CommandContext, CommandRun } from '../shared/handle-command';
import { datedInBooks } from '../shared/period-locks';
import { stateAfter } from '../shared/handle-command';
import { type Appends, businessProfile, invoiceLoader, type InvoiceStreams, releases, type SettlementStreams } from './command-parts';
import { eDocumentsDecider } from './e-documents.decider';
import { invoiceOf } from './invoice-answer';
import type { InvoiceContext, InvoiceDecider, InvoiceState } from './invoice.decider';
import { issueNumber, nextNumber, numberClaims } from './numbers';
import { nameParty } from './parties';
import { convertSource, readSource } from './conversion.commands';
import type { RepeatCommand, RepeatDecider } from './repeat.decider';
import type { SettlementDraft } from './settlement.decider';

type Recorded = Extract<InvoiceState, { status: 'recorded' }>;
/** A monthly copy's decision: the repeat decider and what it is given besides the copy's id and context. */
type Repeat = Pick<RepeatCommand['data'], 'firstId' | 'first' | 'month'> & { readonly decider: RepeatDecider };
/** A state that a record or revise just left recorded (the decider refuses anything else). */
const recordedState = (state: InvoiceState): Recorded => {
  if (state.status !== 'recorded') throw new Error(`expected a recorded invoice, found ${state.status}`);
  return state;
};

/**
 * Record and revise of one invoice-like document (an invoice, a credit or debit note), each a
 * CommandRun for handleCommand: read what the decision needs (the party's GSTIN, the business's
 * profile, the next number, a note's invoice), decide, and append with the number's claim and,
 * for a note, what it lodges on the invoice it is against — all in one append.
 */
export const invoiceCommands = (doc: InvoiceStreams['doc'], decider: InvoiceDecider, noteOf?: InvoiceStreams, settledBy?: SettlementStreams, sources: readonly InvoiceStreams[] = []) => {
  type Result = ReturnType<typeof invoiceOf>;
  const run =
    (kind: 'Record' | 'Revise', id: number, body: InvoiceBody, metadata: CommandMetadata, settlementId: number | null = null, repeat: Repeat | null = null): CommandRun<Result> =>
    async (ctx) => {
      if (body.paidNow && doc.settleNow && kind === 'Revise') {
        const message = `${doc.settleNow.label} is for a new invoice: record a receipt or payment for this one`;
        throw validationError(message, [{ path: 'paidNow', message }]);
      }
      const invoice = kind === 'Record' ? ctx.fresh(doc.streamOf(id), decider) : await ctx.load(doc.streamOf(id), decider);
      const before = invoice.state.status === 'recorded' ? invoice.state.invoice : null;
      if (kind === 'Revise' && !before) throw notFound(`${doc.label} ${id} not found`);
      // A new invoice, or one moved to another party, opens business with it (refused if inactive).
      const party = await nameParty(ctx, doc.party, body.partyId, !doc.against && body.partyId !== before?.partyId, metadata);
      const business = body.taxMode !== 'manual' || (doc.series && !body.number && !before) ? await businessProfile(ctx) : null;
      const series =
        !body.number && !before && doc.series
          ? await nextNumber(doc, ctx, id, seriesPrefix(business, doc.series), body.date ?? indiaDate(metadata.now), body.partyId)
          : null;
      const number = body.number ?? before?.number ?? series?.number;
      if (!number) throw validationError(`${doc.numberLabel} is required`, [{ path: doc.numberField, message: `${doc.numberLabel} is required` }]);
      const against = noteOf && body.againstId ? await noteAgainst(ctx, noteOf, body.againstId) : null;
      const partyGstin = typeof party.values.gstNumber === 'string' ? party.values.gstNumber : null;
      const source = doc.against ? null : await readSource(ctx, doc.label, sources, body, before);
      const context: InvoiceContext = { business, partyGstin, number, against, termDays: termDaysOf(party.values), source: source?.context ?? null };
      const recorded = repeat
        ? decideAll(repeat.decider, { type: 'Repeat', data: { id, firstId: repeat.firstId, first: repeat.first, month: repeat.month, context }, metadata }, invoice.state)
        : decideAll(decider, { type: kind, data: { id, body, context }, metadata }, invoice.state);
      // Paid as it is recorded: a receipt or payment of its own, allocated here in the same append.
      const paidBusiness = body.paidNow && settledBy && settlementId ? (business ?? (await businessProfile(ctx))) : null;
      const paid =
        body.paidNow && settledBy && settlementId ? await settleNow(ctx, paidBusiness, settledBy, settlementId, id, body, stateAfter(decider, invoice, recorded), decider, metadata) : null;
      const credit =
        noteOf && recorded.length > 0 ? await noteCredit(ctx, noteOf, { doc, decider }, before, recordedState(stateAfter(decider, invoice, recorded)), metadata) : null;
      const changes = [...recorded, ...(paid?.allocated ?? []), ...(credit?.own ?? [])];
      const after = stateAfter(decider, invoice, changes);
      // An e-invoiced document keeps what its IRN was issued for (its e-documents decider says so).
      const eDocs = before && hasEInvoice(doc) ? await ctx.load(eDocumentsStream(doc.streamOf(id)), eDocumentsDecider) : null;
      if (eDocs && before && after.status === 'recorded') {
        decideAll(eDocumentsDecider, { type: 'CheckRevision', data: { label: `${doc.label} ${before.number}`, before, after: after.invoice }, metadata }, eDocs.state);
      }
      const appends: Appends = [{ stream: invoice, events: changes.map(doc.write) }, ...(paid ? [{ stream: ctx.fresh(paid.stream, settledBy!.decider), events: paid.events }, ...paid.numbered] : [])];
      if (changes.length > 0) {
        appends.push(...party.appends, ...(series?.appends ?? []));
        appends.push(...(await numberClaims(doc, ctx, id, metadata, before && { partyId: before.partyId, number: before.number }, { partyId: body.partyId, number }, series?.claim)));
        appends.push(...(credit?.appends ?? []));
        if (after.status === 'recorded') appends.push(...convertSource(doc.streamOf(id), source, after.invoice, metadata));
      }
      // Dated by its date, and an edit or a void by the date it had too (its paidNow receipt shares it).
      const afterDate = after.status === 'recorded' ? after.invoice.date : null;
      // A GSTR-1 document (the sales side) edited or voided: not in a month whose GSTR-1 is filed (issue 44).
      const dated = { ...(doc.books.posts ? datedInBooks(before?.date, afterDate) : {}), ...(before && doc.gst?.return === 'outward' ? { gst: [before.date, afterDate] } : {}) };
      return { main: invoice, appends, checked: [...party.checked, ...(eDocs ? [eDocs] : [])], dated, result: invoiceOf(doc, after, metadata.now) };
    };
  return {
    /** `settlementId`: the id of the receipt or payment that `paidNow` records. */
    record: (id: number, body: InvoiceBody, metadata: CommandMetadata, settlementId: number | null = null) => run('Record', id, body, metadata, settlementId),
    revise: (id: number, body: InvoiceBody, metadata: CommandMetadata) => run('Revise', id, body, metadata),
    /** A monthly copy of `repeat.first` (its body from repeatBody), decided by the repeat decider. */
    repeat: (id: number, body: InvoiceBody, metadata: CommandMetadata, repeat: Repeat) => run('Record', id, body, metadata, null, repeat),
  };
};

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
  const issued = await issueNumber(ctx, doc, settlementId, seriesPrefix(business, doc.series), invoice.invoice.date);
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

/** The invoice a note is against, as the note's decider checks it (a return copies its lines). */
const noteAgainst = async (ctx: CommandContext, invoices: InvoiceStreams, invoiceId: number): Promise<InvoiceContext['against']> => {
  const stream = await ctx.load(invoices.doc.streamOf(invoiceId), invoices.decider);
  if (stream.state.status !== 'recorded') return null;
  const { partyId, number, date, placeOfSupply, taxMode, lines } = stream.state.invoice;
  return { id: invoiceId, partyId, number, date, placeOfSupply, taxMode, lines };
};

/**
 * What a note lodges on the invoice it is against (issue 42): its total and returned quantities,
 * within the invoice's caps (its decider refuses a 409 on the note's lines), and its credit
 * applied there up to what is due — the rest is the party's credit. Its own stream records the
 * application (`own`), keyed by the invoice's stream. Moved to another invoice, or made
 * inactive, the old invoice is released.
 */
const noteCredit = async (ctx: CommandContext, invoices: InvoiceStreams, note: InvoiceStreams, before: InvoiceData | null, state: Recorded, metadata: CommandMetadata) => {
  const by = note.doc.streamOf(state.invoice.id);
  const load = invoiceLoader(ctx, invoices);
  const appends: Appends = [];
  const own: InvoiceChange[] = [];
  const decideOwn = (command: Parameters<InvoiceDecider['decide']>[0]) => {
    const changes = decideAll(note.decider, command, evolveAll(note.decider, state, own));
    own.push(...changes);
  };
  const { invoice: data } = state;
  const target = data.active ? data.againstId : null;
  if (before?.againstId && before.againstId !== target) {
    appends.push(...(await releases(by, [before.againstId], load, invoices.decider, invoices.doc, metadata)));
    decideOwn({ type: 'Release', data: { id: data.id, by: invoices.doc.streamOf(before.againstId) }, metadata });
  }
  if (target) {
    const key = invoices.doc.streamOf(target);
    const now = recordedState(evolveAll(note.decider, state, own));
    const reserved = sumMoney(Object.entries(now.allocations).flatMap(([k, share]) => (k === key ? [] : [share.amount])));
    const invoice = await load(target);
    const lodged = { total: data.totalAmount, lines: data.lines.flatMap((l) => (l.invoiceLineNo === undefined ? [] : [{ lineNo: l.invoiceLineNo, quantity: l.quantity }])) };
    const lodge = decideAll(invoices.decider, { type: 'Lodge', data: { id: target, by, partyId: data.partyId, lodged, reserved }, metadata }, invoice.state);
    appends.push({ stream: invoice, events: lodge.map(invoices.doc.write) });
    const onInvoice = evolveAll(invoices.decider, invoice.state, lodge);
    const applied = onInvoice.status === 'recorded' ? (onInvoice.allocations[by]?.amount ?? '0.00') : '0.00';
    decideOwn(
      compareMoney(applied, 0) > 0
        ? { type: 'Allocate', data: { id: data.id, by: key, as: 'credited', partyId: data.partyId, amount: applied, path: 'lines' }, metadata }
        : { type: 'Release', data: { id: data.id, by: key }, metadata },
    );
  }
  return { own, appends };
};
