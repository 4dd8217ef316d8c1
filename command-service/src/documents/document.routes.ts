import { byId } from '@erp/contracts';
import type Router from '@koa/router';

import type { CommandDeps } from '../master-data/master-data.routes';
import { commandRoute } from '../shared/command-route';
import { foldStored } from '../shared/decider';
import { invoiceCommands } from './document.commands';
import { settlementCommands } from './document.commands';
import type { InvoiceSlice, SettlementSlice } from './index';
import { invoiceOf } from './invoice.decider';
import { settlementOf } from './settlement.decider';

const WithId = (value: unknown) => (value as { id: number } | undefined)?.id;

/** POST and PUT /{id} of an invoice document (documents are revised, not deleted). */
export const invoiceWriteRoutes = (router: Router, deps: CommandDeps, { doc, decider }: InvoiceSlice) => {
  const commands = invoiceCommands(doc, decider);
  const replay = async (streamId: string) => invoiceOf(doc, foldStored(decider, (await deps.store.readStream(streamId)).events));
  commandRoute(router, deps.store, {
    method: 'post',
    path: doc.path,
    label: doc.label,
    body: doc.body,
    status: 201,
    command: async ({ body, metadata }) => commands.record(await deps.ids.next(doc.stream), body, metadata),
    location: (invoice) => (WithId(invoice) ? byId(doc.path, WithId(invoice)!) : undefined),
    replay,
  });
  commandRoute(router, deps.store, {
    method: 'put',
    path: byId(doc.path, ':id'),
    label: doc.label,
    body: doc.body,
    status: 200,
    command: ({ id, body, metadata }) => commands.revise(id, body, metadata),
    replay,
  });
};

/** POST and PUT /{id} of a payment or receipt. */
export const settlementWriteRoutes = (router: Router, deps: CommandDeps, { doc, decider, invoices }: SettlementSlice) => {
  const commands = settlementCommands(doc, decider, invoices);
  const replay = async (streamId: string) => settlementOf(foldStored(decider, (await deps.store.readStream(streamId)).events));
  commandRoute(router, deps.store, {
    method: 'post',
    path: doc.path,
    label: doc.label,
    body: doc.body,
    status: 201,
    command: async ({ body, metadata }) => commands.record(await deps.ids.next(doc.stream), body, metadata),
    location: (settlement) => (settlement ? byId(doc.path, settlement.id) : undefined),
    replay,
  });
  commandRoute(router, deps.store, {
    method: 'put',
    path: byId(doc.path, ':id'),
    label: doc.label,
    body: doc.body,
    status: 200,
    command: ({ id, body, metadata }) => commands.revise(id, body, metadata),
    replay,
  });
};
