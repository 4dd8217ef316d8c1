import { BUSINESS_STREAM, type Business, type InvoiceDocument, type PartyConfig, type SettlementDocument } from '@erp/contracts';

import { requireRecord } from '../master-data/references';
import { businessDecider, businessOf } from '../settings/business.decider';
import { type CommandMetadata, decideAll } from '../shared/decider';
import type { CommandContext, Decision, StreamHandle } from '../shared/handle-command';
import type { InvoiceDecider, InvoiceState } from './invoice.decider';
import type { SettlementDecider } from './settlement.decider';

/** What one command appends, stream by stream, in one atomic append. */
export type Appends = Decision<unknown>['appends'][number][];

/** A document names an existing vendor or customer (400 on that field otherwise); its values (GSTIN). */
export const requireParty = (ctx: CommandContext, party: PartyConfig<string>, id: number) =>
  requireRecord(ctx, party.singular, id, { path: party.field, message: party.missing });

export const businessProfile = async (ctx: CommandContext): Promise<Business | null> => businessOf((await ctx.load(BUSINESS_STREAM, businessDecider)).state);

/** The invoices of a kind, read and decided by its decider (a payment's, a note's). */
export interface InvoiceStreams {
  readonly doc: InvoiceDocument;
  readonly decider: InvoiceDecider;
}

/** The settling documents of an invoice kind (receipts for sales invoices), read and decided by their decider. */
export interface SettlementStreams {
  readonly doc: SettlementDocument;
  readonly decider: SettlementDecider;
}

/** Loads each invoice stream once per command. */
export const invoiceLoader = (ctx: CommandContext, { doc, decider }: InvoiceStreams) => {
  const loaded = new Map<number, StreamHandle<InvoiceState>>();
  return async (invoiceId: number) => {
    const stream = loaded.get(invoiceId) ?? (await ctx.load(doc.streamOf(invoiceId), decider));
    loaded.set(invoiceId, stream);
    return stream;
  };
};

/** Releases one settling document's share from each of these invoices (DESIGN §4). */
export const releases = async (
  by: string,
  invoiceIds: readonly number[],
  load: (id: number) => Promise<StreamHandle<InvoiceState>>,
  decider: InvoiceDecider,
  doc: InvoiceDocument,
  metadata: CommandMetadata,
) => {
  const appends: Appends = [];
  for (const invoiceId of invoiceIds) {
    const invoice = await load(invoiceId);
    const changes = decideAll(decider, { type: 'Release', data: { id: invoiceId, by }, metadata }, invoice.state);
    appends.push({ stream: invoice, events: changes.map(doc.write) });
  }
  return appends;
};
