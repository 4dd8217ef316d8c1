import { BOOKS_PATHS, creditNotes, decimal, debitNotes, type InvoiceDocument, periodOf, purchaseInvoices, salesInvoices, snakeCase, sumMoney, toMoney } from '@erp/contracts';
import type Router from '@koa/router';
import type { Context } from 'koa';
import { sql } from 'kysely';

import { type ReadDeps, readsFrom } from '../shared/read-your-writes';
import { reportQuery } from './ledger.routes';
import { gstr1Route } from './gstr1.route';

interface RateRow { readonly rate: string; readonly taxableValue: string; readonly cgst: string; readonly sgst: string; readonly igst: string }

/** Taxable value and each tax by rate, over a kind's active GST documents dated in a period (reverse charge apart). */
const byRate = async (deps: ReadDeps, doc: InvoiceDocument, from: string, to: string, reverseCharge: boolean) => {
  const date = sql.ref(snakeCase(doc.dateField));
  const { rows } = await sql<{ rate: string; taxable: string; cgst: string; sgst: string; igst: string }>`
    select coalesce(l->>'gstRate', '0') as rate, sum((l->>'taxableValue')::numeric)::text as taxable,
           sum(coalesce((l->>'cgst')::numeric, 0))::text as cgst, sum(coalesce((l->>'sgst')::numeric, 0))::text as sgst,
           sum(coalesce((l->>'igst')::numeric, 0))::text as igst
    from ${sql.table(doc.listTable)} d, jsonb_array_elements(d.lines) l
    where d.active and d.tax_mode = 'gst' and d.reverse_charge = ${reverseCharge} and ${date} between ${from}::date and ${to}::date
    group by 1`.execute(deps.db);
  return new Map(rows.map((r) => [r.rate, r]));
};

/** Documents less their notes, per rate, sorted by rate. */
const net = (plus: Awaited<ReturnType<typeof byRate>>, minus: Awaited<ReturnType<typeof byRate>>): RateRow[] =>
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

/**
 * The GST summary of a period: output tax on sales less credit notes, input tax on purchases
 * less debit notes, and purchases on reverse charge, each by rate — the figures of GSTR-3B
 * (3.1(a) outward taxable supplies, 3.1(d) inward supplies on reverse charge, 4(A)(3) and
 * 4(A)(5) input tax credit). Tax typed by hand is not GST by rate and is left out.
 */
export const gstRoutes = (router: Router, deps: ReadDeps) => {
  const tables = [salesInvoices, creditNotes, purchaseInvoices, debitNotes].map((d) => d.listTable);
  router.get(BOOKS_PATHS.gstSummary, readsFrom(deps, tables), async (ctx: Context) => {
    const { from, to } = periodOf(reportQuery(ctx), (deps.clock?.() ?? new Date()).toISOString().slice(0, 10));
    const output = net(await byRate(deps, salesInvoices, from, to, false), await byRate(deps, creditNotes, from, to, false));
    const input = net(await byRate(deps, purchaseInvoices, from, to, false), await byRate(deps, debitNotes, from, to, false));
    const reverseCharge = net(await byRate(deps, purchaseInvoices, from, to, true), await byRate(deps, debitNotes, from, to, true));
    ctx.body = { from, to, output, input, reverseCharge, totals: { output: total(output), input: total(input), reverseCharge: total(reverseCharge) } };
  });
  gstr1Route(router, deps);
};
