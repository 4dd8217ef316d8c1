import { type InvoiceDocument, monthLabel, repeatStream } from '@erp/contracts';

import { reservationDecider } from '../master-data/reservation.decider';
import { type CommandMetadata, decideAll } from '../shared/decider';
import type { CommandContext, CommandRun } from '../shared/handle-command';
import type { InvoiceDecider } from './invoice.decider';
import type { invoiceCommands } from './invoice.commands';
import { repeatBody, repeatDecider } from './repeat.decider';

type Commands = ReturnType<typeof invoiceCommands>;
type Result = Awaited<ReturnType<ReturnType<Commands['record']>>>['result'];

/** Who holds a month's claim, by its number when it is a document of the kind (for the 409). */
const holderOf = async (ctx: CommandContext, doc: InvoiceDocument, decider: InvoiceDecider, ownerId: number) => {
  const held = await ctx.load(doc.streamOf(ownerId), decider);
  return held.state.status === 'recorded' ? `${doc.label} ${held.state.invoice.number} (id ${ownerId})` : `${doc.label} ${ownerId}`;
};

/**
 * POST …/{id}/repeat of a kind that `repeats`: reads the first document, decides its copy for the
 * month (repeat.decider.ts) and records it as any document is recorded (its number from the series,
 * its party opened), and in the same append claims `<stream>-repeat:<first id>:<month>` with the
 * reservation decider: a second copy of that month — a retry, a second tab — is a 409 naming the
 * copy already made. The first's stream is checked at the version read (unticked meanwhile: decided again).
 */
export const repeatCommands = (doc: InvoiceDocument, decider: InvoiceDecider, commands: Commands) => {
  const repeats = repeatDecider(doc, decider);
  return (copyId: number, firstId: number, month: string, metadata: CommandMetadata): CommandRun<Result> =>
    async (ctx) => {
      const read = await ctx.load(doc.streamOf(firstId), decider);
      const first = read.state.status === 'recorded' ? read.state.invoice : null;
      const body = repeatBody(doc, firstId, first, month);
      const claim = await ctx.load(repeatStream(doc, firstId, month), reservationDecider);
      const owner = claim.state.ownerId;
      const holder = owner !== null && owner !== copyId ? await holderOf(ctx, doc, decider, owner) : '';
      const takenMessage = `${holder} is already the copy of ${doc.label} ${first?.number ?? firstId} for ${monthLabel(month)}`;
      const claimed = decideAll(reservationDecider, { type: 'Claim', data: { field: 'month', value: month, ownerId: copyId, takenMessage }, metadata }, claim.state);
      const decision = await commands.repeat(copyId, body, metadata, { decider: repeats, firstId, first, month })(ctx);
      return { ...decision, appends: [...decision.appends, { stream: claim, events: claimed }], checked: [...(decision.checked ?? []), read] };
    };
};
