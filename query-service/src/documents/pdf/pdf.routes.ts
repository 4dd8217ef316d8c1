import {
  byId,
  INVOICE_DOCUMENTS,
  type InvoiceDocument,
  isPrintable,
  listTable,
  notFound,
  type PartyRecord,
  pdfPath,
  printableDocument,
  printSourceOf,
  snakeCase,
} from '@erp/contracts';
import { idParam } from '@erp/http-kit';
import { businessTable, invoiceTable } from '@erp/projections';
import type Router from '@koa/router';
import type { Context } from 'koa';
import { sql } from 'kysely';
import { z } from 'zod';

import { businessOfRow } from '../../settings/business.routes';
import { findAfterCatchUp, type ReadDeps, readsFrom } from '../../shared/read-your-writes';
import { eDocumentsOf } from '../e-documents/e-documents-read';
import { documentPdf } from './document-pdf';

const Party = z.object({
  name: z.string(),
  address: z.string().nullable(),
  gstNumber: z.string().nullable(),
  panNumber: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
});

/** A note's invoice's date (CGST Rule 53(1A) prints it beside the number), from that invoice's read model. */
const invoiceDateOf = async (deps: ReadDeps, doc: InvoiceDocument, invoices: InvoiceDocument | undefined, row: Record<string, unknown>): Promise<string | null> => {
  const id = doc.against ? row[doc.against.field] : null;
  if (!invoices || typeof id !== 'number') return null;
  const date = sql.id(snakeCase(invoices.dateField));
  const { rows } = await sql<{ date: string }>`select ${date}::text as date from ${sql.table(invoiceTable(invoices).name)} where id = ${id}`.execute(deps.db);
  return rows[0]?.date ?? null;
};

/** A file name people can keep: `INV-2026-27-0001.pdf`. */
const fileName = (number: string) => `${number.replace(/[^A-Za-z0-9-]+/g, '-').replace(/^-+|-+$/g, '') || 'document'}.pdf`;

/**
 * A printable document by id as printing reads it: its source from the document's read model (a
 * note's invoice date from that invoice's), its party's record and the business profile. 404
 * when there is none.
 */
export const printedDocument = async (deps: ReadDeps, doc: InvoiceDocument, id: number) => {
  const documents = invoiceTable(doc);
  const parties = listTable({ singular: doc.party.singular });
  const invoices = INVOICE_DOCUMENTS.find((d) => d.stream === doc.against?.stream);
  const columns = sql.join(Object.keys(documents.columns).map((c) => sql`${sql.id(snakeCase(c))} as ${sql.id(c)}`));
  const row = await findAfterCatchUp(deps, [documents.name], async () => (await sql<Record<string, unknown>>`select ${columns} from ${sql.table(documents.name)} where id = ${id}`.execute(deps.db)).rows[0]);
  if (!row) throw notFound(`${doc.label} ${id} not found`);
  const partyId = z.number().parse(row[doc.party.field]);
  const partyRow = (
    await sql<Record<string, unknown>>`select name, address, gst_number as "gstNumber", pan_number as "panNumber", phone, email
      from ${sql.table(parties)} where id = ${partyId}`.execute(deps.db)
  ).rows[0];
  const party: PartyRecord = partyRow ? Party.parse(partyRow) : { name: `${doc.party.label} ${partyId}`, address: null, gstNumber: null, panNumber: null, phone: null, email: null };
  return { source: printSourceOf(doc, row, await invoiceDateOf(deps, doc, invoices, row)), party, business: await businessOfRow(deps) };
};

/** The read models a printed document is read from. */
export const printedTables = (doc: InvoiceDocument) => {
  const invoices = INVOICE_DOCUMENTS.find((d) => d.stream === doc.against?.stream);
  return [invoiceTable(doc).name, listTable({ singular: doc.party.singular }), businessTable.name, ...(invoices ? [invoices.listTable] : [])];
};

/**
 * GET …/{id}/pdf of the documents a business issues (invoices, notes, estimates, orders,
 * challans: the kinds with a `print`): the printed form as a PDF (pdfmake, Noto Sans), from the
 * read models of the document, its party and the business profile, with its e-invoice's IRN and signed QR code once entered.
 */
export const documentPdfRoutes = (router: Router, deps: ReadDeps) => {
  for (const doc of INVOICE_DOCUMENTS.filter(isPrintable)) {
    router.get(pdfPath(byId(doc.path, ':id')), readsFrom(deps, printedTables(doc)), async (ctx: Context) => {
      const id = idParam(ctx, doc.label);
      const { source, party, business } = await printedDocument(deps, doc, id);
      const printable = printableDocument(source, business, party);
      const { irn } = await eDocumentsOf(deps, doc.streamOf(id));
      ctx.type = 'application/pdf';
      ctx.set('Content-Disposition', `inline; filename="${fileName(printable.number)}"`);
      ctx.body = await documentPdf({ ...printable, eInvoice: irn });
    });
  }
};
