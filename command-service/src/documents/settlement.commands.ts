import { compareMoney, DirectAmountSchema, indiaDate, notFound, rupees, seriesPrefix, type SettlementBody, type SettlementLine, sumMoney, toIssues, validationError } from '@erp/contracts';

import { type CommandMetadata, decideAll } from '../shared/decider';
import type { CommandRun } from '../shared/handle-command';
import { stateAfter } from '../shared/handle-command';
import { type Appends, businessProfile, invoiceLoader, type InvoiceStreams, releases, requireParty, type SettlementStreams } from './command-parts';
import { issueNumber } from './numbers';
import { type SettlementDraft, settlementOf, type SettlementState } from './settlement.decider';
import { datedInBooks } from '../shared/period-locks';

/**
 * Lines name distinct invoices; the amount said is needed without lines and, with lines, is at
 * least their total (the rest is kept as an advance). Null: the lines' total.
 */
const checkBody = (body: SettlementBody): string | null => {
  const seen = new Set<number>();
  const issues = body.lines.flatMap((line, index) => {
    const again = seen.has(line.invoiceId);
    seen.add(line.invoiceId);
    return again ? [{ path: `lines.${index}.invoiceId`, message: 'This invoice is already on another line' }] : [];
  });
  if (issues.length > 0) throw validationError('Each invoice can be on one line only', issues);
  const blank = body.amount === undefined || body.amount === null || body.amount === '';
  if (body.lines.length > 0 && blank) return null;
  const amount = DirectAmountSchema.safeParse(body.amount);
  if (!amount.success) throw validationError('Invalid amount', toIssues(amount.error).map((i) => ({ ...i, path: 'amount' })));
  const lines = sumMoney(body.lines.map((l) => l.amount));
  if (compareMoney(amount.data, lines) < 0) {
    const message = `The amount cannot be less than its lines (${rupees(lines)})`;
    throw validationError(message, [{ path: 'amount', message }]);
  }
  return amount.data;
};

/** A payment's or receipt's date, once recorded. */
const dateOf = (state: SettlementState) => (state.status === 'recorded' ? state.settlement.date : null);

/**
 * Records or revises a payment or receipt and, in the same append, sets its allocation on every
 * invoice it names and releases it from every invoice it no longer names (DESIGN §4). Each
 * invoice's decider refuses more than its balance; a concurrent settlement moves the invoice's
 * stream, and the whole command is decided again. An inactive one settles nothing: its
 * allocations are released (and made again when it is active once more). Voiding releases
 * them for good. What it holds beyond its lines is an advance, refunded or applied later.
 */
export const settlementCommands = (doc: SettlementStreams['doc'], decider: SettlementStreams['decider'], invoices: InvoiceStreams) => {
  const amountField = doc.lineAmount.field;
  type Result = ReturnType<typeof settlementOf>;
  const run =
    (kind: 'Record' | 'Revise', id: number, body: SettlementBody, metadata: CommandMetadata): CommandRun<Result> =>
    async (ctx) => {
      const directAmount = checkBody(body);
      const settlement = kind === 'Record' ? ctx.fresh(doc.streamOf(id), decider) : await ctx.load(doc.streamOf(id), decider);
      if (kind === 'Revise' && settlement.state.status !== 'recorded') throw notFound(`${doc.label} ${id} not found`);
      await requireParty(ctx, doc.party, body.partyId);
      const load = invoiceLoader(ctx, invoices);
      const lines: SettlementLine[] = [];
      for (const [index, line] of body.lines.entries()) {
        const invoice = await load(line.invoiceId);
        const recorded = invoice.state.status === 'recorded' ? invoice.state.invoice : null;
        lines.push({ lineNo: index + 1, invoiceId: line.invoiceId, invoiceNumber: recorded?.number ?? '', invoiceAmount: recorded?.totalAmount ?? '0.00', amount: line.amount });
      }
      // A new one takes the next number of its series in the same append (Revise keeps its number).
      const prefix = kind === 'Record' ? seriesPrefix(await businessProfile(ctx), doc.series) : '';
      const issued = kind === 'Record' ? await issueNumber(ctx, doc, id, prefix, body.date ?? indiaDate(metadata.now)) : null;
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
      if (issued && changes.length > 0) appends.push(...issued.appends);
      const after = stateAfter(decider, settlement, changes);
      const dated = datedInBooks(dateOf(settlement.state), dateOf(after));
      return { main: settlement, appends: [{ stream: settlement, events: changes.map(doc.write) }, ...appends], dated, result: settlementOf(doc, after) };
    };
  /** Voids it for good, with the reason kept in its history; every invoice it settled is released. */
  const voidIt =
    (id: number, reason: string, metadata: CommandMetadata): CommandRun<Result> =>
    async (ctx) => {
      const settlement = await ctx.load(doc.streamOf(id), decider);
      const changes = decideAll(decider, { type: 'Void', data: { id, reason }, metadata }, settlement.state);
      const lines = settlement.state.status === 'recorded' ? settlement.state.settlement.lines : [];
      const appends = await releases(doc.streamOf(id), lines.map((l) => l.invoiceId), invoiceLoader(ctx, invoices), invoices.decider, invoices.doc, metadata);
      return { main: settlement, appends: [{ stream: settlement, events: changes.map(doc.write) }, ...appends], dated: datedInBooks(dateOf(settlement.state)), result: settlementOf(doc, stateAfter(decider, settlement, changes)) };
    };
  return {
    record: (id: number, body: SettlementBody, metadata: CommandMetadata) => run('Record', id, body, metadata),
    revise: (id: number, body: SettlementBody, metadata: CommandMetadata) => run('Revise', id, body, metadata),
    void: voidIt,
    /** The body of a revision that leaves it as it is but for its lines (applying an advance). */
    run,
  };
};
