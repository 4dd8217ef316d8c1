import { JOURNAL_VOUCHER_EVENTS, type PartyConfig, partyUseStream, recordStream, subtractMoney, sumMoney } from '@erp/contracts';

import { voucherDecider } from '../books/voucher.decider';
import { MASTER_DATA_SLICES } from '../master-data';
import type { RecordUsage } from '../master-data/master-data.decider';
import { type CommandMetadata, decideAll } from '../shared/decider';
import type { CommandContext, Decision, StreamHandle } from '../shared/handle-command';
import { INVOICE_SLICES, SETTLEMENT_SLICES } from './index';
import { settledOn } from './invoice.decider';
import { partyUseDecider } from './party.decider';

type Appends = Decision<unknown>['appends'][number][];

const recordSlice = (singular: string) => {
  const slice = MASTER_DATA_SLICES.find((s) => s.entity.singular === singular);
  if (!slice) throw new Error(`No master-data entity ${singular}`);
  return slice;
};

/**
 * A document names a customer or vendor (issue 42): the party's values (its GSTIN, its payment
 * terms), the party's first use to append with the document (decided by partyUseDecider: an
 * unknown party is a 400 on the party field, an inactive one takes no new invoice), and the
 * party's stream to check at the version read — a delete or a deactivation meanwhile makes the
 * document decide again. `by`: the document's stream.
 */
export const nameParty = async (ctx: CommandContext, party: PartyConfig<string>, partyId: number, by: string, opensBusiness: boolean, metadata: CommandMetadata) => {
  const slice = recordSlice(party.singular);
  const record = await ctx.load(recordStream(slice.entity, partyId), slice.decider);
  const use = await ctx.load(partyUseStream(party.singular, partyId), partyUseDecider);
  const events = decideAll(partyUseDecider, { type: 'Use', data: { id: partyId, by, context: { party, record: record.state, opensBusiness } }, metadata }, use.state);
  const appends: Appends = [{ stream: use, events }];
  return { values: record.state.status === 'active' ? record.state.values : {}, appends, checked: [record] as StreamHandle<unknown>[] };
};

/** One kind of document that names a party: the events that record it, and whether a stream of it names the party now, with what is due on it. */
interface NamingKind {
  readonly label: string;
  readonly types: readonly string[];
  readonly contains: (id: number) => Readonly<Record<string, unknown>>;
  readonly read: (ctx: CommandContext, streamId: string, id: number) => Promise<{ readonly names: boolean; readonly due: string }>;
}

const kindsNaming = (singular: string): NamingKind[] => [
  ...INVOICE_SLICES.filter((s) => s.doc.party.singular === singular).map(({ doc, decider }) => ({
    // 'invoice' on either side ('Sales invoice', 'Invoice' of a vendor), 'credit note'.
    label: doc.against ? doc.label.toLowerCase() : 'invoice',
    types: [doc.events.names.recorded, doc.events.names.revised],
    contains: (id: number) => ({ [doc.party.field]: id }),
    read: async (ctx: CommandContext, streamId: string, id: number) => {
      const { state } = await ctx.load(streamId, decider);
      const names = state.status === 'recorded' && state.invoice.partyId === id;
      // What is due: on its active invoices (a note's credit is already off its invoice's balance).
      const owed = names && state.invoice.active && !doc.against;
      return { names, due: owed ? subtractMoney(state.invoice.totalAmount, settledOn(state.allocations)) : '0.00' };
    },
  })),
  ...SETTLEMENT_SLICES.filter((s) => s.doc.party.singular === singular).map(({ doc, decider }) => ({
    label: doc.label.toLowerCase(),
    types: [doc.events.names.recorded, doc.events.names.revised],
    contains: (id: number) => ({ [doc.party.field]: id }),
    read: async (ctx: CommandContext, streamId: string, id: number) => {
      const { state } = await ctx.load(streamId, decider);
      return { names: state.status === 'recorded' && state.settlement.partyId === id, due: '0.00' };
    },
  })),
  {
    label: 'journal voucher',
    types: Object.values(JOURNAL_VOUCHER_EVENTS),
    contains: (id: number) => ({ lines: [{ party: `${singular}-${id}` }] }),
    read: async (ctx: CommandContext, streamId: string, id: number) => {
      const { state } = await ctx.load(streamId, voucherDecider);
      return { names: state.status === 'recorded' && state.voucher.lines.some((l) => l.party === `${singular}-${id}`), due: '0.00' };
    },
  },
];

/**
 * What names a customer or vendor, for its delete (issue 42): its use stream and the documents
 * that name it now, found in the log — those recorded before uses were recorded too, without
 * rewriting anything (a document can only be recorded after the log's first use of its party,
 * so those found are all there is). `closing`: what the delete appends, its use stream closed at
 * the version read, so a first document racing the delete decides again. Undefined for other
 * entities.
 */
export const partyUsageOf = (singular: string) => {
  const slice = INVOICE_SLICES.find((s) => s.doc.party.singular === singular);
  if (!slice) return undefined;
  const party = slice.doc.party;
  const kinds = kindsNaming(singular);
  return async (ctx: CommandContext, id: number, metadata: CommandMetadata): Promise<{ usage: RecordUsage; closing: Appends }> => {
    const use = await ctx.load(partyUseStream(party.singular, id), partyUseDecider);
    const dues: string[] = [];
    const documents: { label: string; count: number }[] = [];
    for (const kind of kinds) {
      let count = 0;
      for (const streamId of await ctx.streamsWith(kind.types, kind.contains(id))) {
        const now = await kind.read(ctx, streamId, id);
        if (now.names) count++;
        dues.push(now.due);
      }
      documents.push({ label: kind.label, count });
    }
    const usage: RecordUsage = { used: use.state.used, documents, balanceDue: sumMoney(dues), owedBy: slice.doc.side === 'sales' ? 'them' : 'us' };
    const events = decideAll(partyUseDecider, { type: 'Close', data: { id, party }, metadata }, use.state);
    return { usage, closing: [{ stream: use, events }] };
  };
};
