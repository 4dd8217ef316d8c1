import { byId, VoidBodySchema, voidPath } from '@erp/contracts';
import type Router from '@koa/router';
import type { z } from 'zod';

import type { CommandDeps } from '../master-data/master-data.routes';
import { commandRoute } from '../shared/command-route';
import { type CommandMetadata, foldStored } from '../shared/decider';
import type { CommandRun } from '../shared/handle-command';
import { invoiceCommands, settlementCommands } from './document.commands';
import type { InvoiceSlice, SettlementSlice } from './index';
import { invoiceOf } from './invoice.decider';
import { settlementOf } from './settlement.decider';

interface DocumentRoutes<Body, Result extends { id: number } | undefined> {
  readonly doc: { readonly label: string; readonly path: string; readonly stream: string; readonly body: z.ZodType<Body> };
  readonly commands: {
    record(id: number, body: Body, metadata: CommandMetadata): CommandRun<Result>;
    revise(id: number, body: Body, metadata: CommandMetadata): CommandRun<Result>;
  };
  /** The document as stored on its stream (for a repeated Idempotency-Key). */
  readonly replay: (streamId: string) => Promise<Result>;
}

/** POST and PUT /{id} of a document (documents are revised, or made inactive; not deleted). */
const documentWriteRoutes = <Body, Result extends { id: number } | undefined>(
  router: Router,
  deps: CommandDeps,
  { doc, commands, replay }: DocumentRoutes<Body, Result>,
) => {
  commandRoute(router, deps.store, {
    method: 'post',
    path: doc.path,
    label: doc.label,
    body: doc.body,
    status: 201,
    command: async ({ body, metadata }) => commands.record(await deps.ids.next(doc.stream), body, metadata),
    location: (result) => (result ? byId(doc.path, result.id) : undefined),
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

export const invoiceWriteRoutes = (router: Router, deps: CommandDeps, { doc, decider, against }: InvoiceSlice) =>
  documentWriteRoutes(router, deps, {
    doc,
    commands: invoiceCommands(doc, decider, against),
    replay: async (streamId) => invoiceOf(doc, foldStored(decider, (await deps.store.readStream(streamId)).events), new Date()),
  });

export const settlementWriteRoutes = (router: Router, deps: CommandDeps, { doc, decider, invoices }: SettlementSlice) => {
  const commands = settlementCommands(doc, decider, invoices);
  const replay = async (streamId: string) => settlementOf(doc, foldStored(decider, (await deps.store.readStream(streamId)).events));
  documentWriteRoutes(router, deps, { doc, commands, replay });
  // Void for good, with a reason (a payment recorded by mistake): 200 with the voided document.
  commandRoute(router, deps.store, {
    method: 'post',
    path: voidPath(byId(doc.path, ':id')),
    label: doc.label,
    body: VoidBodySchema,
    status: 200,
    command: ({ id, body, metadata }) => commands.void(id, body.reason, metadata),
    replay,
  });
};
