import {
  type BooksEntry,
  customersEntity,
  type Figures,
  gstr1,
  gstr1Supplies,
  gstr3b,
  returnKinds,
  type InvoiceDocument,
  type TiedInward,
  tieOut,
  type TiedOutward,
  validationError,
  vendorsEntity,
} from '@erp/contracts';
import type { ReadDb } from '@erp/projections';
import { sql } from 'kysely';

import { journalLines } from '../books/journal-sql';
import { businessOfRow } from '../settings/business.routes';
import type { ReadDeps } from '../shared/read-your-writes';
import { itcForPeriod } from './itc';
import { monthOf } from './period';
import { type LineDepth, type LineOf, returnDocuments } from './return-documents';

/** The kinds each side of a return reads: sales invoices less credit notes, bills less debit notes. */
const OUTWARD = returnKinds('outward');
const INWARD = returnKinds('inward');
export const RETURN_TABLES = [...OUTWARD, ...INWARD].map((k) => k.doc.listTable);

/** A side's documents of every kind it reads, each kind read at once. */
const tied = async <D extends LineDepth, K extends string>(db: ReadDb, kinds: readonly { doc: InvoiceDocument; kind: K }[], party: { readonly singular: string }, from: string, to: string, depth: D) =>
  (await Promise.all(kinds.map((k) => returnDocuments(db, k, party, from, to, depth)))).flat();

/**
 * A month's documents on both sides (each read once), its input tax credit (the seam) and GSTR-3B:
 * what the GSTR-3B route, the filing and the tie-out read (`gstr1Of` adds GSTR-1 from the same
 * documents: read them with `depth` 'hsn', as its HSN summary needs). Refused without the business GSTIN.
 */
export const monthReturns = async <D extends LineDepth>(deps: Pick<ReadDeps, 'db'>, period: string, depth: D) => {
  const business = await businessOfRow(deps);
  if (!business?.gstin) throw validationError('Set the business GSTIN in Settings first', [{ path: 'gstin', message: 'Set the business GSTIN in Settings first' }]);
  const { year, month, from, to } = monthOf(period);
  const [outward, inward]: [TiedOutward<LineOf<D>>[], TiedInward[]] = await Promise.all([tied(deps.db, OUTWARD, customersEntity, from, to, depth), tied(deps.db, INWARD, vendorsEntity, from, to, 'supply')]);
  const gstin = business.gstin;
  const itc = await itcForPeriod(deps, period, gstin, inward);
  return { gstin, year, month, from, to, outward, inward, itc, gstr3b: gstr3b({ gstin, year, month, outward, inward, itc }) };
};

/** The month's GSTR-1 from the documents `monthReturns` read. */
export const gstr1Of = (month: Pick<Awaited<ReturnType<typeof monthReturns<'hsn'>>>, 'gstin' | 'year' | 'month' | 'outward'>) =>
  gstr1({ gstin: month.gstin, year: month.year, month: month.month, documents: month.outward });

const ACCOUNTS: Readonly<Record<'outward' | 'input', Partial<Record<keyof Figures, readonly string[]>>>> = {
  outward: { taxable: ['sales', 'sales-returns'], igst: ['output-igst'], cgst: ['output-cgst'], sgst: ['output-sgst'] },
  input: { igst: ['input-igst'], cgst: ['input-cgst'], sgst: ['input-sgst'] },
};

/**
 * The month's journal per voucher on one side's accounts: outward as credit − debit (Sales,
 * Sales Returns, Output GST), input as debit − credit (Input GST). The business charges no cess.
 */
export const booksOf = async (db: ReadDb, side: keyof typeof ACCOUNTS, from: string, to: string): Promise<BooksEntry[]> => {
  const heads = ACCOUNTS[side];
  const amount = side === 'outward' ? sql`credit - debit` : sql`debit - credit`;
  // Money text as toMoney writes it (numeric rounds half away from zero, as Big's roundHalfUp does).
  const headSum = (head: keyof Figures) => sql`round(coalesce(sum(${amount}) filter (where account = any(${[...(heads[head] ?? [])]}::text[])), 0), 2)`;
  // One row per voucher with a figure, its heads summed in the database (a month of 10,000 invoices: 10,000 rows, not 40,000).
  const { rows } = await sql<{ stream: string; voucher_type: string; voucher_number: string | null; date: string } & Omit<Figures, 'cess'>>`
    select stream, voucher_type, voucher_number, date, taxable::text, igst::text, cgst::text, sgst::text from (
      select stream, max(voucher_type) as voucher_type, max(voucher_number) as voucher_number, to_char(max(voucher_date), 'YYYY-MM-DD') as date,
             ${headSum('taxable')} as taxable, ${headSum('igst')} as igst, ${headSum('cgst')} as cgst, ${headSum('sgst')} as sgst
      from ${journalLines}
      where voucher_date between ${from}::date and ${to}::date and account = any(${Object.values(heads).flat()}::text[])
      group by stream) v
    where taxable <> 0 or igst <> 0 or cgst <> 0 or sgst <> 0`.execute(db);
  return rows.map((r) => ({ stream: r.stream, voucherType: r.voucher_type, voucherNumber: r.voucher_number, date: r.date, figures: { taxable: r.taxable, igst: r.igst, cgst: r.cgst, sgst: r.sgst, cess: '0.00' } }));
};

/** The month's tie-out: its documents and returns beside the journal on both sides. */
export const monthTieOut = async (deps: Pick<ReadDeps, 'db'>, period: string) => {
  const { from, to } = monthOf(period);
  // The journal is read while the documents are (the database works while Node parses).
  const [month, booksOutward, booksInput] = await Promise.all([monthReturns(deps, period, 'supply'), booksOf(deps.db, 'outward', from, to), booksOf(deps.db, 'input', from, to)]);
  return tieOut({
    gstin: month.gstin,
    outward: month.outward,
    inward: month.inward,
    gstr1: gstr1Supplies({ gstin: month.gstin, year: month.year, month: month.month, documents: month.outward }),
    gstr3b: month.gstr3b.json,
    booksOutward,
    booksInput,
    itcBills: month.itc.bills,
    documentStreams: [...OUTWARD, ...INWARD].map((k) => k.doc.stream),
  });
};
