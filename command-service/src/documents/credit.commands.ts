import { type ApplyCreditBody, compareMoney, conflict, invoiceMoney, notFound, rupees, settlementAnswer, sumMoney, type UnapplyCreditBody } from '@erp/contracts';

import { type CommandMetadata, decideAll } from '../shared/decider';
import type { CommandRun } from '../shared/handle-command';
import { stateAfter } from '../shared/handle-command';
import type { InvoiceStreams, SettlementStreams } from './command-parts';
import { invoiceOf } from './invoice-answer';
import { settlementCommands } from './settlement.commands';

/**
 * A party's credit applied to another of its invoices, or taken back (issue 42). A note's credit:
 * its share on the invoice (`by` the note's stream, credited) and the application on the note
 * (`by` the invoice's stream), each decided by its own decider in one append — the invoice
 * refuses more than is due, the note more than is unapplied. A receipt's or payment's advance:
 * a line of its own, as if it were revised (its amount stays, its lines grow).
 */
export const noteCreditCommands = (note: InvoiceStreams, invoices: InvoiceStreams) => {
  type Result = ReturnType<typeof invoiceOf>;
  const loadBoth = async (ctx: Parameters<CommandRun<Result>>[0], id: number, invoiceId: number) => {
    const noteStream = await ctx.load(note.doc.streamOf(id), note.decider);
    if (noteStream.state.status !== 'recorded') throw notFound(`${note.doc.label} ${id} not found`);
    const invoice = await ctx.load(invoices.doc.streamOf(invoiceId), invoices.decider);
    return { noteStream, recorded: noteStream.state, invoice };
  };
  const apply =
    (id: number, body: ApplyCreditBody, metadata: CommandMetadata): CommandRun<Result> =>
    async (ctx) => {
      const { noteStream, recorded, invoice } = await loadBoth(ctx, id, body.invoiceId);
      const key = invoices.doc.streamOf(body.invoiceId);
      const amount = sumMoney([recorded.allocations[key]?.amount ?? '0.00', body.amount]);
      const partyId = recorded.invoice.partyId;
      const by = note.doc.streamOf(id);
      const onInvoice = decideAll(invoices.decider, { type: 'Allocate', data: { id: body.invoiceId, by, as: 'credited', partyId, amount, path: 'amount' }, metadata }, invoice.state);
      const onNote = decideAll(note.decider, { type: 'Allocate', data: { id, by: key, as: 'credited', partyId, amount, path: 'amount' }, metadata }, recorded);
      return {
        main: noteStream,
        appends: [{ stream: noteStream, events: onNote.map(note.doc.write) }, { stream: invoice, events: onInvoice.map(invoices.doc.write) }],
        result: invoiceOf(note.doc, stateAfter(note.decider, noteStream, onNote), metadata.now),
      };
    };
  /** Takes back what it applied there: off its own invoice its lodge stays (its credit there is 0). */
  const unapply =
    (id: number, body: UnapplyCreditBody, metadata: CommandMetadata): CommandRun<Result> =>
    async (ctx) => {
      const { noteStream, recorded, invoice } = await loadBoth(ctx, id, body.invoiceId);
      const key = invoices.doc.streamOf(body.invoiceId);
      if (!recorded.allocations[key]) {
        const message = `${note.doc.label} ${recorded.invoice.number} is not applied to that invoice`;
        throw conflict(message, [{ path: 'invoiceId', message }]);
      }
      const by = note.doc.streamOf(id);
      const own = recorded.invoice.againstId === body.invoiceId;
      const onInvoice = decideAll(
        invoices.decider,
        own
          ? { type: 'Allocate', data: { id: body.invoiceId, by, as: 'credited', partyId: recorded.invoice.partyId, amount: '0.00', path: 'invoiceId' }, metadata }
          : { type: 'Release', data: { id: body.invoiceId, by }, metadata },
        invoice.state,
      );
      const onNote = decideAll(note.decider, { type: 'Release', data: { id, by: key }, metadata }, recorded);
      return {
        main: noteStream,
        appends: [{ stream: noteStream, events: onNote.map(note.doc.write) }, { stream: invoice, events: onInvoice.map(invoices.doc.write) }],
        result: invoiceOf(note.doc, stateAfter(note.decider, noteStream, onNote), metadata.now),
      };
    };
  return { apply, unapply };
};

export const settlementCreditCommands = ({ doc, decider }: SettlementStreams, invoices: InvoiceStreams) => {
  const { run } = settlementCommands(doc, decider, invoices);
  type Result = Awaited<ReturnType<ReturnType<typeof run>>>['result'];
  /** Its lines as a revision sends them, with one invoice's amount changed (0: the line goes). */
  const revised = (id: number, invoiceId: number, change: (current: string | null) => string, metadata: CommandMetadata): CommandRun<Result> => async (ctx) => {
    const stream = await ctx.load(doc.streamOf(id), decider);
    if (stream.state.status !== 'recorded') throw notFound(`${doc.label} ${id} not found`);
    const { settlement } = stream.state;
    const current = settlement.lines.find((l) => l.invoiceId === invoiceId)?.amount ?? null;
    const amount = change(current);
    const others = settlement.lines.filter((l) => l.invoiceId !== invoiceId).map((l) => ({ invoiceId: l.invoiceId, amount: l.amount }));
    const lines = compareMoney(amount, 0) > 0 ? (current === null ? [...others, { invoiceId, amount }] : settlement.lines.map((l) => ({ invoiceId: l.invoiceId, amount: l.invoiceId === invoiceId ? amount : l.amount }))) : others;
    const body = { partyId: settlement.partyId, date: settlement.date, paymentMethod: settlement.paymentMethod, texts: settlement.texts, active: settlement.active, lines, amount: settlement.totalAmount };
    // Its lines change, not what it posts: an old receipt's advance may pay a new invoice whatever the lock.
    const { dated: _posts, ...decision } = await run('Revise', id, body, metadata)(ctx);
    return decision;
  };
  /**
   * What is left of it and what is due on the invoice, said on `amount` (the revision's deciders
   * hold both too, in its append, but name the line they would write).
   */
  const apply = (id: number, body: ApplyCreditBody, metadata: CommandMetadata): CommandRun<Result> => async (ctx) => {
    const stream = await ctx.load(doc.streamOf(id), decider);
    const invoice = await ctx.load(invoices.doc.streamOf(body.invoiceId), invoices.decider);
    if (stream.state.status === 'recorded') {
      const { settlement, drawn } = stream.state;
      const left = settlementAnswer(settlement, Object.entries(drawn).map(([by, amount]) => ({ by, amount }))).unappliedAmount;
      if (compareMoney(body.amount, left) > 0) {
        const message = `Only ${rupees(left)} of ${doc.label.toLowerCase()} ${settlement.number ?? `#${id}`} is unapplied`;
        throw conflict(message, [{ path: 'amount', message }]);
      }
    }
    if (invoice.state.status === 'recorded') {
      const { invoice: data, allocations } = invoice.state;
      const due = invoiceMoney(invoices.doc, data, Object.values(allocations), null).balanceDue;
      if (compareMoney(body.amount, due) > 0) {
        const message = `Only ${rupees(due)} is due on ${invoices.doc.label.toLowerCase()} ${data.number}`;
        throw conflict(message, [{ path: 'amount', message }]);
      }
    }
    return revised(id, body.invoiceId, (current) => sumMoney([current ?? '0.00', body.amount]), metadata)(ctx);
  };
  const unapply = (id: number, body: UnapplyCreditBody, metadata: CommandMetadata): CommandRun<Result> => async (ctx) => {
    const stream = await ctx.load(doc.streamOf(id), decider);
    if (stream.state.status === 'recorded' && !stream.state.settlement.lines.some((l) => l.invoiceId === body.invoiceId)) {
      const message = `${doc.label} ${stream.state.settlement.number ?? `#${id}`} is not applied to that invoice`;
      throw conflict(message, [{ path: 'invoiceId', message }]);
    }
    return revised(id, body.invoiceId, () => '0.00', metadata)(ctx);
  };
  return { apply, unapply };
};
