import {
  BOOKS_PATHS,
  customersEntity,
  type Gstr1Document,
  GSTR1_SECTIONS,
  gstr1,
  gstr1Csv,
  gstr1Sections,
  listTable,
  PeriodSchema,
  returnKinds,
  toIssues,
  validationError,
  yearAndMonth,
} from '@erp/contracts';
import { businessTable, type ReadDb } from '@erp/projections';
import type Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';

import { returnDocuments } from '../gst/return-documents';
import { businessOfRow } from '../settings/business.routes';
import { type ReadDeps, readsFrom } from '../shared/read-your-writes';
import { refuseUnknown } from '../shared/refuse-unknown';

const Gstr1Query = z.object({
  period: PeriodSchema,
  section: z.enum(GSTR1_SECTIONS).optional(),
});

/** The kinds GSTR-1 reports: sales invoices and credit notes. */
const OUTWARD = returnKinds('outward');
/** A period's outward documents (every kind read at once), active or not, with their customers' GSTINs. */
export const gstr1Documents = async (db: ReadDb, from: string, to: string): Promise<Gstr1Document[]> =>
  (await Promise.all(OUTWARD.map((k) => returnDocuments(db, k, customersEntity, from, to, 'hsn')))).flat();

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
