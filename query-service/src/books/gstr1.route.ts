import {
  BOOKS_PATHS,
  customersEntity,
  documentFiguresOf,
  type Gstr1Document,
  GSTR1_SECTIONS,
  gstr1,
  gstr1Csv,
  gstr1Sections,
  type InvoiceData,
  type InvoiceDocument,
  listTable,
  PeriodSchema,
  returnKinds,
  snakeCase,
  toIssues,
  validationError,
  yearAndMonth,
} from '@erp/contracts';
import { businessTable, invoiceTable, type ReadDb } from '@erp/projections';
import type Router from '@koa/router';
import type { Context } from 'koa';
import { sql } from 'kysely';
import { z } from 'zod';

import { businessOfRow } from '../settings/business.routes';
import { type ReadDeps, readsFrom } from '../shared/read-your-writes';
import { refuseUnknown } from '../shared/refuse-unknown';
import { notOpening } from './not-opening';

const Gstr1Query = z.object({
  period: PeriodSchema,
  section: z.enum(GSTR1_SECTIONS).optional(),
});

// Made once (building a schema costs more than the parse; a month may have 10,000 documents).
const NullableId = z.number().nullable();
const NullableText = z.string().nullable();
const Id = z.number();
const Flag = z.boolean();

/** A number taken from a series (`INV/2026-27/0007`) → its series (`INV/2026-27/`); typed by hand → null. */
const seriesOf = (number: string) => (/^(.*\D)\d+$/.exec(number)?.[1] ?? null);

/** The list row's columns no return reads (a month has 10,000 rows: each column left unread is parsing saved). */
const UNREAD = new Set(['version', 'createdAt', 'updatedAt', 'paidAmount', 'creditedAmount', 'status', 'allocations']);

/** A kind's documents dated in a period, active or not, with their parties' GSTINs (as recorded on the party). */
export const datedDocuments = async (db: ReadDb, doc: InvoiceDocument, party: { readonly singular: string }, from: string, to: string) => {
  const table = invoiceTable(doc);
  const columns = sql.join(Object.keys(table.columns).filter((c) => !UNREAD.has(c)).map((c) => sql`d.${sql.id(snakeCase(c))} as ${sql.id(c)}`));
  const { rows } = await sql<Record<string, unknown>>`
    select ${columns}, p.gst_number as "partyGstin"
    from ${sql.table(table.name)} d left join ${sql.table(listTable(party))} p on p.id = d.${sql.id(snakeCase(doc.party.field))}
    where d.${sql.id(snakeCase(doc.dateField))} between ${from}::date and ${to}::date${notOpening(doc, 'd')}
    order by d.id`.execute(db);
  return rows.map((row) => {
    const printed = documentFiguresOf(doc, row);
    const number = printed.number;
    const againstId = doc.against ? NullableId.parse(row[doc.against.field] ?? null) : null;
    const data: InvoiceData = {
      ...printed,
      id: Id.parse(row.id),
      partyId: Id.parse(row[doc.party.field]),
      number,
      texts: {},
      active: Flag.parse(row.active),
      againstId,
      againstNumber: printed.againstNumber,
    };
    return { partyGstin: NullableText.parse(row.partyGstin ?? null), series: seriesOf(number), data };
  });
};

/** A kind's documents dated in a period, active or not, with their customers' GSTINs. */
const documentsOf = async (db: ReadDb, doc: InvoiceDocument, kind: Gstr1Document['kind'], from: string, to: string): Promise<Gstr1Document[]> =>
  (await datedDocuments(db, doc, customersEntity, from, to)).map((d) => ({ kind, ...d }));

/** The kinds GSTR-1 reports: sales invoices and credit notes. */
const OUTWARD = returnKinds('outward');
/** A period's outward documents (every kind read at once), active or not, with their customers' GSTINs. */
export const gstr1Documents = async (db: ReadDb, from: string, to: string): Promise<Gstr1Document[]> =>
  (await Promise.all(OUTWARD.map(({ doc, kind }) => documentsOf(db, doc, kind, from, to)))).flat();

/**
 * GET /api/gst/gstr1?period=2026-04: the month's outward supplies as the JSON the GST portal's
 * offline tool takes (GST-AND-BOOKS §5); with `&section=b2b` (…) that section as CSV.
 */
export const gstr1Route = (router: Router, deps: ReadDeps) => {
  const tables = [...OUTWARD.map((k) => k.doc.listTable), listTable(customersEntity), businessTable.name];
  router.get(BOOKS_PATHS.gstr1, readsFrom(deps, tables), async (ctx: Context) => {
    refuseUnknown(ctx, ['period', 'section']);
    const parsed = Gstr1Query.safeParse(ctx.query);
    if (!parsed.success) throw validationError('Invalid query', toIssues(parsed.error));
    const { period, section } = parsed.data;
    if (section && !gstr1Sections(period).includes(section)) {
      const message = section === 'hsn' ? 'From May 2025 the HSN summary is two tables: hsn_b2b and hsn_b2c' : 'Before May 2025 the HSN summary is one table: hsn';
      throw validationError(message, [{ path: 'section', message }]);
    }
    const business = await businessOfRow(deps);
    if (!business?.gstin) throw validationError('Set the business GSTIN in Settings first', [{ path: 'gstin', message: 'Set the business GSTIN in Settings first' }]);
    const { year, month } = yearAndMonth(period);
    const from = `${period}-01`;
    const to = new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
    const json = gstr1({ gstin: business.gstin, year, month, documents: await gstr1Documents(deps.db, from, to) });
    const file = `GSTR1-${business.gstin}-${period}`;
    if (section) {
      ctx.type = 'text/csv; charset=utf-8';
      ctx.set('Content-Disposition', `attachment; filename="${file}-${section}.csv"`);
      ctx.body = gstr1Csv(json, section);
      return;
    }
    ctx.set('Content-Disposition', `inline; filename="${file}.json"`);
    ctx.body = json;
  });
};
