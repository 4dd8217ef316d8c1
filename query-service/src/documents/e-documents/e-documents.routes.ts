import {
  byId,
  conflict,
  eDocumentPaths,
  type EDocumentsAnswer,
  eInvoice,
  eInvoiceProblem,
  eWayBill,
  eWayBillFile,
  eWayBillNeed,
  eWayBillProblem,
  indiaDate,
  INVOICE_DOCUMENTS,
  type InvoiceDocument,
  hasEDocuments,
  hasEInvoice,
  hasEWayBill,
  rupees,
  toIssues,
  validationError,
} from '@erp/contracts';
import { idParam } from '@erp/http-kit';
import type Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';

import { type ReadDeps, readsFrom } from '../../shared/read-your-writes';
import { printedDocument, printedTables } from '../pdf/pdf.routes';
import { eDocumentsOf } from './e-documents-read';
import { eInvoiceSchemaIssues } from './e-invoice-schema';

const NoQuery = z.object({}).strict();
/** `anyway=true`: an e-way bill below the limit, on request. */
const EWayBillQuery = z.object({ anyway: z.enum(['true', 'false'], { error: 'anyway is true or false' }).optional() }).strict();

const queryOf = <T extends z.ZodType>(schema: T, ctx: Context): z.output<T> => {
  const parsed = schema.safeParse(ctx.query);
  if (!parsed.success) throw validationError('Invalid query', toIssues(parsed.error));
  return parsed.data;
};

/** A file people can keep: `EWB-INV-2026-27-0001.json`. */
const fileName = (prefix: string, number: string) => `${prefix}-${number.replace(/[^A-Za-z0-9-]+/g, '-').replace(/^-+|-+$/g, '') || 'document'}.json`;

const loaded = async (deps: ReadDeps, doc: InvoiceDocument, id: number) => {
  const printed = await printedDocument(deps, doc, id);
  const eDocs = await eDocumentsOf(deps, doc.streamOf(id));
  const today = indiaDate((deps.clock ?? (() => new Date()))());
  return { ...printed, eDocs, today };
};

/**
 * GET …/{id}/e-documents, …/{id}/e-way-bill and …/{id}/e-invoice of the documents a business
 * issues (issue 44 item 6): what the screen shows, and the two files the owner uploads on the
 * portals (no portal is called); each file of the kinds that have it (`print.eWayBill`,
 * `print.eInvoiceType`). The e-invoice is checked against NIC's schema 1.1 before it is
 * answered; a file the portal would refuse is a 409 naming each field.
 */
export const eDocumentReadRoutes = (router: Router, deps: ReadDeps) => {
  for (const doc of INVOICE_DOCUMENTS.filter(hasEDocuments)) {
    const paths = eDocumentPaths(byId(doc.path, ':id'));
    const tables = readsFrom(deps, printedTables(doc));
    router.get(paths.state, tables, async (ctx: Context) => {
      queryOf(NoQuery, ctx);
      const { source, party, business, eDocs, today } = await loaded(deps, doc, idParam(ctx, doc.label));
      const need = eWayBillNeed(source);
      const answer: EDocumentsAnswer = {
        ...eDocs,
        eWayBill: { ...need, problem: eWayBillProblem(source, today) },
        eInvoiceProblem: business ? eInvoiceProblem({ source, business, party }) : 'Set up the business in Settings first',
      };
      ctx.body = answer;
    });
    if (hasEWayBill(doc)) router.get(paths.eWayBill, tables, async (ctx: Context) => {
      const { anyway } = queryOf(EWayBillQuery, ctx);
      const { source, party, business, eDocs, today } = await loaded(deps, doc, idParam(ctx, doc.label));
      if (!business?.gstin) throw conflict('Set the business GSTIN in Settings first');
      const refused = eWayBillProblem(source, today);
      if (refused) throw conflict(refused);
      const need = eWayBillNeed(source);
      if (!need.required && anyway !== 'true') {
        throw conflict(`No e-way bill is needed: the goods are worth ${rupees(need.value)}, not above ${rupees(need.limit)}. Ask with anyway=true to make one all the same`);
      }
      if (!eDocs.dispatch) throw conflict('Enter the dispatch and transport details first');
      ctx.set('Content-Disposition', `attachment; filename="${fileName('EWB', source.number)}"`);
      ctx.body = eWayBillFile([eWayBill({ source, business, party, dispatch: eDocs.dispatch })]);
    });
    if (hasEInvoice(doc)) router.get(paths.eInvoice, tables, async (ctx: Context) => {
      queryOf(NoQuery, ctx);
      const { source, party, business, eDocs } = await loaded(deps, doc, idParam(ctx, doc.label));
      const problem = business ? eInvoiceProblem({ source, business, party }) : 'Set up the business in Settings first';
      if (problem || !business) throw conflict(problem ?? 'Set up the business in Settings first');
      if (!eDocs.dispatch) throw conflict('Enter the places and PIN codes first (dispatch details)');
      const json = eInvoice({ source, business, party, dispatch: eDocs.dispatch });
      const issues = eInvoiceSchemaIssues(json);
      if (issues.length > 0) throw conflict('The e-invoice would not pass the portal’s schema: correct these first', issues);
      ctx.set('Content-Disposition', `attachment; filename="${fileName('EINV', source.number)}"`);
      ctx.body = json;
    });
  }
};
