import { invoiceMoney, JOURNAL_VOUCHER_EVENTS, JOURNAL_VOUCHER_STREAM, parseRecordStream, type PartyConfig, recordStream, sumMoney } from '@erp/contracts';

import { voucherDecider } from '../books/voucher.decider';
import { MASTER_DATA_SLICES } from '../master-data';
import type { RecordUsage } from '../master-data/master-data.decider';
import { type CommandMetadata, decideAll } from '../shared/decider';
import type { CommandContext, Decision, StreamHandle } from '../shared/handle-command';
import { INVOICE_SLICES, SETTLEMENT_SLICES } from './index';
import { partyDecider } from './party.decider';

type Appends = Decision<unknown>['appends'][number][];

/** Each party entity's stream decider (customer, vendor), built once. */
const PARTIES = new Map(
  MASTER_DATA_SLICES.filter((s) => INVOICE_SLICES.some((i) => i.doc.party.singular === s.entity.singular)).map((s) => [s.entity.singular, { entity: s.entity, decider: partyDecider(s.entity) }]),
);
const partyOf = (singular: string) => {
  const found = PARTIES.get(singular);
  if (!found) throw new Error(`No party entity ${singular}`);
  return found;
};

/**
 * A document names a customer or vendor (issue 42): the party's values (its GSTIN, its payment
 * terms), its first use to append with the document (partyDecider: an unknown party is a 400 on
 * the party field, an inactive one takes no new invoice), and its stream checked at the version
 * read, so a change committed meanwhile makes the document decide again.
 */
export const nameParty = async (ctx: CommandContext, party: PartyConfig<string>, partyId: number, opensBusiness: boolean, metadata: CommandMetadata) => {
  const { entity, decider } = partyOf(party.singular);
  const stream = await ctx.load(recordStream(entity, partyId), decider);
  const events = decideAll(decider, { type: 'Use', data: { id: partyId, party, opensBusiness }, metadata }, stream.state);
  const { record } = stream.state;
  const appends: Appends = [{ stream, events }];
  return { values: record.status === 'active' ? record.values : {}, appends, checked: [stream] as StreamHandle<unknown>[] };
};

/** One kind of document that names a party: the events that record it, and whether a stream of it names the party now, with what is due on it. */
interface NamingKind {
  readonly label: string;
  /** Its streams' prefix (`sales-invoice`). */
  readonly stream: string;
  readonly types: readonly string[];
  readonly contains: (id: number) => Readonly<Record<string, unknown>>;
  readonly read: (ctx: CommandContext, streamId: string, id: number) => Promise<{ readonly names: boolean; readonly due: string }>;
}

const kindsNaming = (singular: string): NamingKind[] => [
  ...INVOICE_SLICES.filter((s) => s.doc.party.singular === singular).map(({ doc, decider }) => ({
    // 'invoice' on either side ('Sales invoice', 'Invoice' of a vendor), 'credit note'.
    label: doc.against ? doc.label.toLowerCase() : 'invoice',
    stream: doc.stream,
    types: [doc.events.names.recorded, doc.events.names.revised],
    contains: (id: number) => ({ [doc.party.field]: id }),
    read: async (ctx: CommandContext, streamId: string, id: number) => {
      const { state } = await ctx.load(streamId, decider);
      const names = state.status === 'recorded' && state.invoice.partyId === id;
      // What is due: on its active invoices (a note's credit is already off its invoice's balance).
      const owed = names && state.invoice.active && !doc.against;
      return { names, due: owed ? invoiceMoney(doc, state.invoice, Object.values(state.allocations), null).balanceDue : '0.00' };
    },
  })),
  ...SETTLEMENT_SLICES.filter((s) => s.doc.party.singular === singular).map(({ doc, decider }) => ({
    label: doc.label.toLowerCase(),
    stream: doc.stream,
    types: [doc.events.names.recorded, doc.events.names.revised],
    contains: (id: number) => ({ [doc.party.field]: id }),
    read: async (ctx: CommandContext, streamId: string, id: number) => {
      const { state } = await ctx.load(streamId, decider);
      return { names: state.status === 'recorded' && state.settlement.partyId === id, due: '0.00' };
    },
  })),
  {
    label: 'journal voucher',
    stream: JOURNAL_VOUCHER_STREAM,
    types: Object.values(JOURNAL_VOUCHER_EVENTS),
    contains: (id: number) => ({ lines: [{ party: `${singular}-${id}` }] }),
    read: async (ctx: CommandContext, streamId: string, id: number) => {
      const { state } = await ctx.load(streamId, voucherDecider);
      return { names: state.status === 'recorded' && state.voucher.lines.some((l) => l.party === `${singular}-${id}`), due: '0.00' };
    },
  },
];

/**
 * What names a customer or vendor, for its delete (issue 42): whether a document has used it
 * (its stream: the delete appends there at the version read, as a first use would, so of the two
 * racing one decides again) and the documents that name it now, found in the log — those
 * recorded before uses were recorded too, without rewriting anything. Undefined for other
 * entities.
 */
export const partyUsageOf = (singular: string) => {
  const slice = INVOICE_SLICES.find((s) => s.doc.party.singular === singular);
  if (!slice) return undefined;
  const party = slice.doc.party;
  const kinds = kindsNaming(singular);
  const { entity, decider } = partyOf(party.singular);
  return async (ctx: CommandContext, id: number): Promise<RecordUsage> => {
    const { state } = await ctx.load(recordStream(entity, id), decider);
    const counts = new Map(kinds.map((kind) => [kind.stream, 0]));
    const dues: string[] = [];
    // One pass over the log for every kind; each stream found is read as its kind reads it.
    for (const streamId of await ctx.streamsWith(kinds.map((kind) => ({ types: kind.types, contains: kind.contains(id) })))) {
      const kind = kinds.find((k) => k.stream === parseRecordStream(streamId)?.prefix);
      if (!kind) continue;
      const now = await kind.read(ctx, streamId, id);
      if (now.names) counts.set(kind.stream, (counts.get(kind.stream) ?? 0) + 1);
      dues.push(now.due);
    }
    const documents = kinds.map((kind) => ({ label: kind.label, count: counts.get(kind.stream) ?? 0 }));
    return { used: state.used, documents, balanceDue: sumMoney(dues), owedBy: slice.doc.side === 'sales' ? 'them' : 'us' };
  };
};
