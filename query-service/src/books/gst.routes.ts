import {
  BOOKS_PATHS,
  decimal,
  type GstSummary,
  gstPayment,
  type InvoiceDocument,
  periodOf,
  returnKinds,
  snakeCase,
  sumMoney,
  toMoney,
} from '@erp/contracts';
import type Router from '@koa/router';
import type { Context } from 'koa';
import { sql } from 'kysely';

import { type ReadDeps, readsFrom, todayInIndia } from '../shared/read-your-writes';
import { documentsAsRecorded } from './documents-as-recorded';
import { PERIOD_PARAMS, reportQuery } from './ledger.routes';
import { gstr3bRoutes } from '../gst/gstr3b.routes';
import { gstr1Route } from './gstr1.route';

type RateRow = GstSummary['output'][number];
interface Sums { readonly rate: string; readonly taxable: string; readonly cgst: string; readonly sgst: string; readonly igst: string }
/** How the return reads a line: taxable by its rate, else nil-rated and exempt together (3.1(c)) or non-GST (3.1(e)). */
type Kind = 'taxable' | 'nil-exempt' | 'non-gst';

/**
 * Taxable value and each tax by kind and rate, over a kind's active GST documents dated in a
 * period (reverse charge apart). A line recorded before it kept its category: nil at 0 %, taxable above.
 */
const byRate = async (deps: ReadDeps, doc: InvoiceDocument, w: { from: string; to: string; recordedBy: string | null }, reverseCharge: boolean) => {
  const { from, to } = w;
  const date = sql.ref(snakeCase(doc.dateField));
  const { rows } = await sql<Sums & { kind: Kind }>`
    select coalesce(l->>'gstRate', '0') as rate,
           case coalesce(l->>'gstCategory', case when coalesce(l->>'gstRate', '0')::numeric = 0 then 'nil' else 'taxable' end)
             when 'taxable' then 'taxable' when 'non-gst' then 'non-gst' else 'nil-exempt' end as kind,
           sum((l->>'taxableValue')::numeric)::text as taxable,
           sum(coalesce((l->>'cgst')::numeric, 0))::text as cgst, sum(coalesce((l->>'sgst')::numeric, 0))::text as sgst,
           sum(coalesce((l->>'igst')::numeric, 0))::text as igst
    from ${documentsAsRecorded(doc, w.recordedBy)} d, jsonb_array_elements(d.lines) l
    where d.active and d.tax_mode = 'gst' and d.reverse_charge = ${reverseCharge} and ${date} between ${from}::date and ${to}::date
    group by 1, 2`.execute(deps.db);
  return rows;
};
type Rows = Awaited<ReturnType<typeof byRate>>;
/** The rows of some kinds, by rate. */
const ofKinds = (rows: Rows, kinds: readonly Kind[]) => {
  const byRateOf = new Map<string, Sums>();
  for (const r of rows.filter((row) => kinds.includes(row.kind))) {
    const was = byRateOf.get(r.rate);
    const add = (k: 'taxable' | 'cgst' | 'sgst' | 'igst') => sumMoney([was?.[k] ?? 0, r[k]]);
    byRateOf.set(r.rate, { rate: r.rate, taxable: add('taxable'), cgst: add('cgst'), sgst: add('sgst'), igst: add('igst') });
  }
  return byRateOf;
};
const ALL: readonly Kind[] = ['taxable', 'nil-exempt', 'non-gst'];

/** Documents less their notes, per rate, sorted by rate. */
const net = (plus: ReadonlyMap<string, Sums>, minus: ReadonlyMap<string, Sums>): RateRow[] =>
  [...new Set([...plus.keys(), ...minus.keys()])]
    .sort((a, b) => Number(a) - Number(b))
    .map((rate) => {
      const p = plus.get(rate);
      const m = minus.get(rate);
      const diff = (k: 'taxable' | 'cgst' | 'sgst' | 'igst') => toMoney(decimal(p?.[k] ?? 0).minus(decimal(m?.[k] ?? 0)));
      return { rate, taxableValue: diff('taxable'), cgst: diff('cgst'), sgst: diff('sgst'), igst: diff('igst') };
    });

const total = (rows: readonly RateRow[]) => ({
  taxableValue: sumMoney(rows.map((r) => r.taxableValue)),
  cgst: sumMoney(rows.map((r) => r.cgst)),
  sgst: sumMoney(rows.map((r) => r.sgst)),
  igst: sumMoney(rows.map((r) => r.igst)),
});

/** A return's invoice kinds and note kinds (sales: invoices, credit notes; purchases: bills and expenses, debit notes). */
const invoiceAndNote = (of: 'outward' | 'inward') => {
  const kinds = returnKinds(of).map((k) => k.doc);
  const invoices = kinds.filter((doc) => !doc.against);
  const notes = kinds.filter((doc) => doc.against);
  if (invoices.length === 0 || notes.length === 0) throw new Error(`The ${of} GST return needs an invoice kind and a note kind against it`);
  return { invoices, notes };
};

/**
 * The GST summary of a period: output tax on taxable sales less credit notes, input tax on
 * purchases less debit notes, and purchases on reverse charge, each by rate — the figures of
 * GSTR-3B (3.1(a) outward taxable supplies, 3.1(d) inward supplies on reverse charge, 4(A)(3) and
 * 4(A)(5) input tax credit); nil-rated, exempt (3.1(c)) and non-GST (3.1(e)) sales apart; and
 * what to pay (6.1): the set-off of credit against tax in the legal order, the rest in cash. Tax
 * typed by hand is not GST by rate and is left out. With `recordedBy`, the documents as recorded by then.
 */
export const gstRoutes = (router: Router, deps: ReadDeps) => {
  const [sales, purchases] = [invoiceAndNote('outward'), invoiceAndNote('inward')];
  const tables = [...sales.invoices, ...sales.notes, ...purchases.invoices, ...purchases.notes].map((d) => d.listTable);
  /** The rows of several kinds together (ofKinds sums them by rate). */
  const rowsOf = async (docs: readonly InvoiceDocument[], w: { from: string; to: string; recordedBy: string | null }, reverseCharge: boolean) =>
    (await Promise.all(docs.map((doc) => byRate(deps, doc, w, reverseCharge)))).flat();
  router.get(BOOKS_PATHS.gstSummary, readsFrom(deps, tables), async (ctx: Context) => {
    const query = reportQuery(ctx, PERIOD_PARAMS);
    const { from, to } = periodOf(query, todayInIndia(deps));
    const w = { from, to, recordedBy: query.recordedBy };
    const [sold, notes] = [await rowsOf(sales.invoices, w, false), await rowsOf(sales.notes, w, false)];
    const output = net(ofKinds(sold, ['taxable']), ofKinds(notes, ['taxable']));
    const outside = (kind: Kind) => total(net(ofKinds(sold, [kind]), ofKinds(notes, [kind]))).taxableValue;
    const input = net(ofKinds(await rowsOf(purchases.invoices, w, false), ALL), ofKinds(await rowsOf(purchases.notes, w, false), ALL));
    const reverseCharge = net(ofKinds(await rowsOf(purchases.invoices, w, true), ALL), ofKinds(await rowsOf(purchases.notes, w, true), ALL));
    const totals = { output: total(output), input: total(input), reverseCharge: total(reverseCharge) };
    const body: GstSummary = {
      from,
      to,
      output,
      input,
      reverseCharge,
      totals,
      otherOutward: { nilExempt: outside('nil-exempt'), nonGst: outside('non-gst') },
      payment: gstPayment(totals.output, totals.input, totals.reverseCharge),
    };
    ctx.body = body;
  });
  gstr1Route(router, deps);
  gstr3bRoutes(router, deps);
};
