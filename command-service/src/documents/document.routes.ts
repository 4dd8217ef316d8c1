import { ApplyCreditBodySchema, applyPath, type ApplyCreditBody, byId, type InvoiceBody, RepeatBodySchema, repeatPath, UnapplyCreditBodySchema, type UnapplyCreditBody, unapplyPath, VoidBodySchema, voidPath } from '@erp/contracts';
import type Router from '@koa/router';
import type { z } from 'zod';

import type { CommandDeps } from '../master-data/master-data.routes';
import { commandRoute } from '../shared/command-route';
import { type CommandMetadata, foldStored } from '../shared/decider';
import type { CommandRun } from '../shared/handle-command';
import { noteCreditCommands, settlementCreditCommands } from './credit.commands';
import type { InvoiceSlice, RefundSlice, SettlementSlice } from './index';
import { invoiceOf } from './invoice-answer';
import { invoiceCommands } from './invoice.commands';
import { refundCommands } from './refund.commands';
import { repeatCommands } from './repeat.commands';
import { refundOf } from './refund.decider';
import { settlementCommands } from './settlement.commands';
import { settlementOf } from './settlement.decider';

interface DocumentRoutes<Body, Result extends { id: number } | undefined> {
  readonly doc: { readonly label: string; readonly path: string; readonly stream: string; readonly body: z.ZodType<Body> };
  readonly commands: {
    record(id: number, body: Body, metadata: CommandMetadata, otherId: number | null): CommandRun<Result>;
    revise(id: number, body: Body, metadata: CommandMetadata): CommandRun<Result>;
  };
  /** The document as stored on its stream (for a repeated Idempotency-Key). */
  readonly replay: (streamId: string) => Promise<Result>;
  /** A second record the POST may create with it (the receipt of an invoice paid as it is recorded). */
  readonly alsoCreates?: { readonly stream: string; readonly when: (body: Body) => boolean };
}

/** POST and PUT /{id} of a document (documents are revised, or made inactive; not deleted). */
const documentWriteRoutes = <Body, Result extends { id: number } | undefined>(
  router: Router,
  deps: CommandDeps,
  { doc, commands, replay, alsoCreates }: DocumentRoutes<Body, Result>,
) => {
  commandRoute(router, deps.store, {
    method: 'post',
    path: doc.path,
    label: doc.label,
    body: doc.body,
    status: 201,
    command: async ({ body, metadata }) =>
      commands.record(await deps.ids.next(doc.stream), body, metadata, alsoCreates?.when(body) ? await deps.ids.next(alsoCreates.stream) : null),
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

/** Void for good, with a reason (a payment recorded by mistake): 200 with the voided document. */
const voidRoute = <Result>(router: Router, deps: CommandDeps, doc: { label: string; path: string }, run: (id: number, reason: string, metadata: CommandMetadata) => CommandRun<Result>, replay: (streamId: string) => Promise<Result>) =>
  commandRoute(router, deps.store, {
    method: 'post',
    path: voidPath(byId(doc.path, ':id')),
    label: doc.label,
    body: VoidBodySchema,
    status: 200,
    command: ({ id, body, metadata }) => run(id, body.reason, metadata),
    replay,
  });

interface CreditRuns<Result> {
  apply(id: number, body: ApplyCreditBody, metadata: CommandMetadata): CommandRun<Result>;
  unapply(id: number, body: UnapplyCreditBody, metadata: CommandMetadata): CommandRun<Result>;
}

/** POST …/{id}/apply and …/{id}/unapply of a credit (a note's, a receipt's advance): 200 with the credit. */
const creditRoutes = <Result>(router: Router, deps: CommandDeps, doc: { label: string; path: string }, runs: CreditRuns<Result>, replay: (streamId: string) => Promise<Result>) => {
  commandRoute(router, deps.store, { method: 'post', path: applyPath(byId(doc.path, ':id')), label: doc.label, body: ApplyCreditBodySchema, status: 200, command: ({ id, body, metadata }) => runs.apply(id, body, metadata), replay });
  commandRoute(router, deps.store, { method: 'post', path: unapplyPath(byId(doc.path, ':id')), label: doc.label, body: UnapplyCreditBodySchema, status: 200, command: ({ id, body, metadata }) => runs.unapply(id, body, metadata), replay });
};

export const invoiceWriteRoutes = (router: Router, deps: CommandDeps, { doc, decider, against, settledBy, sources }: InvoiceSlice) => {
  const replay = async (streamId: string) => invoiceOf(doc, foldStored(decider, (await deps.store.readStream(streamId)).events), new Date());
  const commands = invoiceCommands(doc, decider, against, settledBy, sources);
  documentWriteRoutes(router, deps, {
    doc,
    commands,
    replay,
    ...(settledBy ? { alsoCreates: { stream: settledBy.doc.stream, when: (body: InvoiceBody) => body.paidNow !== null } } : {}),
  });
  if (against) creditRoutes(router, deps, doc, noteCreditCommands({ doc, decider }, against), replay);
  if (doc.repeats) {
    // POST …/{id}/repeat: a monthly copy (201, the copy; its Location).
    const repeat = repeatCommands(doc, decider, commands);
    commandRoute(router, deps.store, {
      method: 'post',
      path: repeatPath(byId(doc.path, ':id')),
      label: doc.label,
      body: RepeatBodySchema,
      status: 201,
      command: async ({ id, body, metadata }) => repeat(await deps.ids.next(doc.stream), id, body.month, metadata),
      location: (result) => (result ? byId(doc.path, result.id) : undefined),
      replay,
    });
  }
};

export const settlementWriteRoutes = (router: Router, deps: CommandDeps, { doc, decider, invoices }: SettlementSlice) => {
  const commands = settlementCommands(doc, decider, invoices);
  const replay = async (streamId: string) => settlementOf(doc, foldStored(decider, (await deps.store.readStream(streamId)).events));
  documentWriteRoutes(router, deps, { doc, commands, replay });
  voidRoute(router, deps, doc, commands.void, replay);
  creditRoutes(router, deps, doc, settlementCreditCommands({ doc, decider }, invoices), replay);
};

export const refundWriteRoutes = (router: Router, deps: CommandDeps, { doc, decider, sources }: RefundSlice) => {
  const commands = refundCommands(doc, decider, sources);
  const replay = async (streamId: string) => refundOf(doc, foldStored(decider, (await deps.store.readStream(streamId)).events));
  documentWriteRoutes(router, deps, { doc, commands, replay });
  voidRoute(router, deps, doc, commands.void, replay);
};
