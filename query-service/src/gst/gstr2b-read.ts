import {
  type BookBill,
  DEFAULT_TOLERANCE,
  type Gstr2bDocument,
  Gstr2bDocumentSchema,
  listTable,
  matchGstr2b,
  PeriodSchema,
  returnKinds,
  snakeCase,
  toMoney,
  validationError,
  vendorsEntity,
} from '@erp/contracts';
import { gstr2bPeriodsTable } from '@erp/projections';
import { sql } from 'kysely';
import { z } from 'zod';

import type { ReadDeps } from '../shared/read-your-writes';

/** The kinds a GSTR-2B is matched against: every kind whose document of the inward return is a bill (purchase invoices, expenses). */
const BILL_KINDS = returnKinds('inward').flatMap(({ doc, kind }) => (kind === 'bill' ? [doc] : []));
/** The read models a 2B answer reads: the period's row, the bills of each kind and their vendors. */
export const GSTR2B_READ_MODELS = [gstr2bPeriodsTable.name, ...BILL_KINDS.map((doc) => doc.listTable), listTable(vendorsEntity)];

/** The `:period` of a path, else a 400 naming it. */
export const periodParam = (value: unknown) => {
  const parsed = PeriodSchema.safeParse(value);
  if (!parsed.success) throw validationError('Not a return period', [{ path: 'period', message: parsed.error.issues[0]?.message ?? 'Period must be a month (YYYY-MM)' }]);
  return parsed.data;
};

const ActionSchema = z.object({ action: z.enum(['accept', 'reject', 'pending', 'none']), by: z.string().nullable(), at: z.string(), source: z.enum(['owner', 'ims']), portal: z.enum(['accept', 'reject', 'pending', 'none']).nullable() });
export type StoredAction = z.output<typeof ActionSchema>;
const RowSchema = z.object({
  importId: z.number().nullable(),
  fileName: z.string().nullable(),
  importedAt: z.union([z.date(), z.string()]).nullable(),
  importedBy: z.string().nullable(),
  generatedOn: z.string().nullable(),
  notRead: z.array(z.string()),
  documents: z.array(Gstr2bDocumentSchema),
  actions: z.record(z.string(), ActionSchema),
  tolerance: z.string().nullable(),
});

/** A period's 2B as stored: its last import, the actions and the tolerance (₹1 when not set). */
export const gstr2bPeriod = async (deps: Pick<ReadDeps, 'db'>, period: string) => {
  const { rows } = await sql<Record<string, unknown>>`
    select import_id as "importId", file_name as "fileName", imported_at as "importedAt", imported_by as "importedBy", generated_on as "generatedOn",
           not_read as "notRead", documents, actions, tolerance::text as tolerance
    from ${sql.table(gstr2bPeriodsTable.name)} where period = ${period}`.execute(deps.db);
  const row = rows[0] ? RowSchema.parse(rows[0]) : null;
  const documents: Gstr2bDocument[] = row?.documents ?? [];
  const imported =
    row?.importId && row.importedAt
      ? { importId: row.importId, fileName: row.fileName, at: new Date(row.importedAt).toISOString(), by: row.importedBy, generatedOn: row.generatedOn, notRead: row.notRead }
      : null;
  return { imported, documents, actions: new Map(Object.entries(row?.actions ?? {})), tolerance: toMoney(row?.tolerance ?? DEFAULT_TOLERANCE) };
};

const monthEnd = (period: string) => new Date(Date.UTC(Number(period.slice(0, 4)), Number(period.slice(5, 7)), 0)).toISOString().slice(0, 10);

/**
 * The period's GST bills of every bill kind (a purchase invoice, an expense) from vendors with a
 * GSTIN (the only ones a 2B can show), active, dated in the month, each with its kind's own number
 * and date, its stream (`expense-entry-7`: ids of two kinds may be equal), its taxable value and
 * taxes. Cess: our bills carry none.
 */
export const purchaseBills = async (deps: Pick<ReadDeps, 'db'>, period: string): Promise<BookBill[]> => {
  const [from, to] = [`${period}-01`, monthEnd(period)];
  const selects = BILL_KINDS.map((doc) => {
    const [number, date] = [sql.ref(`d.${snakeCase(doc.numberField)}`), sql.ref(`d.${snakeCase(doc.dateField)}`)];
    return sql`
    select d.id, ${`${doc.stream}-`}::text || d.id::text as stream, ${number} as number, ${date}::text as date, v.name as "vendorName", upper(v.gst_number) as gstin,
           coalesce((select sum((l->>'taxableValue')::numeric) from jsonb_array_elements(d.lines) l), 0)::numeric(18,2)::text as "taxableValue",
           d.igst::numeric(18,2)::text as igst, d.cgst::numeric(18,2)::text as cgst, d.sgst::numeric(18,2)::text as sgst, '0.00' as cess,
           d.total_amount::numeric(18,2)::text as total
    from ${sql.table(doc.listTable)} d join ${sql.table(listTable(vendorsEntity))} v on v.id = d.${sql.ref(snakeCase(doc.party.field))}
    where d.active and d.tax_mode = 'gst' and coalesce(v.gst_number, '') <> '' and ${date} between ${from}::date and ${to}::date`;
  });
  const { rows } = await sql<BookBill>`select * from (${sql.join(selects, sql` union all `)}) b order by b.date, b.id, b.stream`.execute(deps.db);
  return rows;
};

/** The period's bills matched to its 2B, with the actions and the tolerance. */
export const matchedPeriod = async (deps: Pick<ReadDeps, 'db'>, period: string) => {
  const stored = await gstr2bPeriod(deps, period);
  const bills = await purchaseBills(deps, period);
  return { ...stored, rows: matchGstr2b(bills, stored.documents, stored.tolerance) };
};
