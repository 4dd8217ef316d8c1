import { byId, JOURNAL_VOUCHER_STREAM, type JournalVoucherBody, JournalVoucherBodySchema, JOURNAL_VOUCHERS_PATH, journalVoucherStream, LEDGER_CODE, ledgersEntity, partyOfSide } from '@erp/contracts';
import type Router from '@koa/router';

import { nameParty } from '../documents/parties';
import { requireRecord } from '../master-data/references';
import type { CommandDeps } from '../master-data/master-data.routes';
import { commandRoute } from '../shared/command-route';
import { datedInBooks } from '../shared/period-locks';
import { type CommandMetadata, decideAll, foldStored } from '../shared/decider';
import { type CommandRun, stateAfter } from '../shared/handle-command';
import { voucherAnswer, voucherDecider } from './voucher.decider';

type Result = ReturnType<typeof voucherAnswer>;

/**
 * Each ledger the business added and each customer or vendor a line names must exist (the
 * line's field says which is missing); each party named, as a document names it (issue 42:
 * its first use recorded, its stream checked in the append).
 */
const requireReferences = async (ctx: Parameters<CommandRun<Result>>[0], body: JournalVoucherBody, metadata: CommandMetadata) => {
  const parties = new Map<string, Awaited<ReturnType<typeof nameParty>>>();
  for (const [index, line] of body.lines.entries()) {
    const ledger = LEDGER_CODE.exec(line.account);
    if (ledger) await requireRecord(ctx, ledgersEntity.singular, Number(ledger[1]), { path: `lines.${index}.account`, message: `${ledgersEntity.label} ${line.account} not found` });
    if (!line.party || parties.has(line.party)) continue;
    const [kind, id] = [line.party.replace(/-\d+$/, ''), Number(line.party.replace(/^\D+-/, ''))];
    const party = partyOfSide(kind === partyOfSide('sales').singular ? 'sales' : 'purchase');
    const onLine = { ...party, field: `lines.${index}.party`, missing: `${party.label} ${id} not found` };
    parties.set(line.party, await nameParty(ctx, onLine, id, false, metadata));
  }
  return [...parties.values()];
};

const run =
  (type: 'Record' | 'Revise', id: number, body: JournalVoucherBody, metadata: CommandMetadata): CommandRun<Result> =>
  async (ctx) => {
    const parties = await requireReferences(ctx, body, metadata);
    const stream = type === 'Record' ? ctx.fresh(journalVoucherStream(id), voucherDecider) : await ctx.load(journalVoucherStream(id), voucherDecider);
    const events = decideAll(voucherDecider, { type, data: { id, body }, metadata }, stream.state);
    const uses = events.length > 0 ? parties.flatMap((p) => p.appends) : [];
    const after = voucherAnswer(stateAfter(voucherDecider, stream, events));
    const dated = datedInBooks(voucherAnswer(stream.state)?.voucherDate, after?.voucherDate);
    return { main: stream, appends: [{ stream, events }, ...uses], checked: parties.flatMap((p) => p.checked), dated, result: after };
  };

/** POST and PUT /{id} of journal vouchers (issue 21): made inactive to cancel, never deleted. */
export const voucherWriteRoutes = (router: Router, deps: CommandDeps) => {
  const replay = async (streamId: string) => voucherAnswer(foldStored(voucherDecider, (await deps.store.readStream(streamId)).events));
  commandRoute(router, deps.store, {
    method: 'post',
    path: JOURNAL_VOUCHERS_PATH,
    label: 'Journal voucher',
    body: JournalVoucherBodySchema,
    status: 201,
    command: async ({ body, metadata }) => run('Record', await deps.ids.next(JOURNAL_VOUCHER_STREAM), body, metadata),
    location: (result) => (result ? byId(JOURNAL_VOUCHERS_PATH, result.id) : undefined),
    replay,
  });
  commandRoute(router, deps.store, {
    method: 'put',
    path: byId(JOURNAL_VOUCHERS_PATH, ':id'),
    label: 'Journal voucher',
    body: JournalVoucherBodySchema,
    status: 200,
    command: ({ id, body, metadata }) => run('Revise', id, body, metadata),
    replay,
  });
};
