import { byId, DispatchBodySchema, eDocumentPaths, eDocumentsStream, hasEDocuments, hasEInvoice, IrnBodySchema } from '@erp/contracts';
import type Router from '@koa/router';

import type { CommandDeps } from '../master-data/master-data.routes';
import { commandRoute } from '../shared/command-route';
import { decideAll, foldStored } from '../shared/decider';
import type { CommandContext } from '../shared/handle-command';
import { eDocumentsDecider, type EDocumentsState } from './e-documents.decider';
import type { InvoiceSlice } from './index';

/** The document and its e-documents stream, as a command reads them. */
const load = async (ctx: CommandContext, { doc, decider }: InvoiceSlice, id: number) => {
  const document = await ctx.load(doc.streamOf(id), decider);
  const eDocs = await ctx.load(eDocumentsStream(doc.streamOf(id)), eDocumentsDecider);
  const subject = { stream: doc.streamOf(id), label: `${doc.label} ${id}`, document: document.state.status === 'recorded' ? document.state.invoice : null };
  return { document, eDocs, subject };
};

/**
 * POST …/{id}/dispatch and …/{id}/irn of the documents a business issues (issue 44 item 6): the
 * places, PIN codes and transport an e-way bill needs, and the IRN the portal gave its e-invoice.
 * Each is an event on the document's own e-documents stream; the document must still be as read.
 * The dispatch of the kinds with either file, the IRN of those with an e-invoice.
 */
export const eDocumentWriteRoutes = (router: Router, deps: CommandDeps, slice: InvoiceSlice) => {
  if (!hasEDocuments(slice.doc)) return;
  const paths = eDocumentPaths(byId(slice.doc.path, ':id'));
  const answer = (state: EDocumentsState) => ({ dispatch: state.dispatch, irn: state.irn });
  const replay = async (streamId: string) => answer(foldStored(eDocumentsDecider, (await deps.store.readStream(streamId)).events));
  commandRoute(router, deps.store, {
    method: 'post',
    path: paths.dispatch,
    label: slice.doc.label,
    body: DispatchBodySchema,
    status: 200,
    command: ({ id, body, metadata }) => async (ctx) => {
      const { document, eDocs, subject } = await load(ctx, slice, id);
      const events = decideAll(eDocumentsDecider, { type: 'RecordDispatch', data: { ...subject, body }, metadata }, eDocs.state);
      const after = events.reduce(eDocumentsDecider.evolve, eDocs.state);
      return { main: eDocs, appends: [{ stream: eDocs, events }], checked: [document], result: answer(after) };
    },
    replay,
  });
  if (!hasEInvoice(slice.doc)) return;
  commandRoute(router, deps.store, {
    method: 'post',
    path: paths.irn,
    label: slice.doc.label,
    body: IrnBodySchema,
    status: 200,
    command: ({ id, body, metadata }) => async (ctx) => {
      const { document, eDocs, subject } = await load(ctx, slice, id);
      const events = decideAll(eDocumentsDecider, { type: 'RecordIrn', data: { ...subject, body }, metadata }, eDocs.state);
      const after = events.reduce(eDocumentsDecider.evolve, eDocs.state);
      return { main: eDocs, appends: [{ stream: eDocs, events }], checked: [document], result: answer(after) };
    },
    replay,
  });
};
