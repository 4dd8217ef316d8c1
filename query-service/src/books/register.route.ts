import {
  BOOKS_PATHS, type InvoiceDocument, listTable, periodOf,
  keyedAll, type Register, type RegisterRow, returnKinds, snakeCase, sumMoney, toMoney,
} from '@erp/contracts';
import type Router from '@koa/router';
import type { Context } from 'koa';
import { sql } from 'kysely';

import { type ReadDeps, readsFrom, todayInIndia } from '../shared/read-your-writes';
import { documentsAsRecorded } from './documents-as-recorded';
import { PERIOD_PARAMS, reportQuery } from './ledger.routes';
import { notOpening } from './not-opening';

const ROWS_SHOWN = 5000;
const AMOUNTS = ['taxableValue', 'cgst', 'sgst', 'igst', 'otherTax', 'roundOff', 'total'] as const;

/** A kind's active documents dated in a period, with the party's name and GSTIN; a note's amounts negated. */
const rowsOf = async (deps: ReadDeps, doc: InvoiceDocument, from: string, to: string, recordedBy: string | null): Promise<RegisterRow[]> => {
  const { party } = doc;
  const date = sql.ref(`d.${snakeCase(doc.dateField)}`);
  const sign = doc.against === undefined ? sql`1` : sql`-1`;
  const { rows } = await sql<{ date: string; number: string; party_id: number; name: string | null; gstin: string | null; taxable: string; cgst: string; sgst: string; igst: string; other: string; round_off: string; total: string }>`
    select ${date}::text as date, d.${sql.ref(snakeCase(doc.numberField))} as number, d.${sql.ref(snakeCase(doc.party.field))} as party_id,
           p.name, p.gst_number as gstin,
           (${sign} * d.sub_total)::text as taxable, (${sign} * d.cgst)::text as cgst, (${sign} * d.sgst)::text as sgst, (${sign} * d.igst)::text as igst,
           (${sign} * case when d.tax_mode = 'gst' then 0 else d.tax_amount end)::text as other,
           (${sign} * d.round_off)::text as round_off, (${sign} * d.total_amount)::text as total
    from ${documentsAsRecorded(doc, recordedBy)} d left join ${sql.table(listTable(party))} p on p.id = d.${sql.ref(snakeCase(doc.party.field))}
    where d.active and ${date} between ${from}::date and ${to}::date${notOpening(doc, 'd')}`.execute(deps.db);
  return rows.map((r) => ({
    date: r.date, kind: doc.label, number: r.number, party: `${party.singular}-${r.party_id}`, partyName: r.name ?? `${party.label} ${r.party_id}`, gstin: r.gstin,
    taxableValue: toMoney(r.taxable), cgst: toMoney(r.cgst), sgst: toMoney(r.sgst), igst: toMoney(r.igst), otherTax: toMoney(r.other), roundOff: toMoney(r.round_off), total: toMoney(r.total),
  }));
};

const registerOf = async (deps: ReadDeps, docs: readonly InvoiceDocument[], from: string, to: string, recordedBy: string | null): Promise<Register> => {
  const all = (await Promise.all(docs.map((doc) => rowsOf(deps, doc, from, to, recordedBy)))).flat()
    .sort((a, b) => a.date.localeCompare(b.date) || a.kind.localeCompare(b.kind) || a.number.localeCompare(b.number));
  const totals = keyedAll(AMOUNTS, (k) => sumMoney(all.map((r) => r[k])));
  return { from, to, rows: all.slice(0, ROWS_SHOWN), truncated: all.length > ROWS_SHOWN, totals: { ...totals, count: all.length } };
};

/**
 * The sales register (sales invoices and, less, credit notes) and the purchase register
 * (purchase invoices and, less, debit notes) of a period (issue 21): each active document with
 * its party, GSTIN, taxable value, each tax, round off and total; the totals of them all. With
 * `recordedBy`, the documents as recorded by then.
 */
export const registerRoutes = (router: Router, deps: ReadDeps) => {
  const registers = [
    { path: BOOKS_PATHS.salesRegister, docs: returnKinds('outward').map((k) => k.doc) },
    { path: BOOKS_PATHS.purchaseRegister, docs: returnKinds('inward').map((k) => k.doc) },
  ];
  for (const { path, docs } of registers) {
    const tables = [...new Set(docs.flatMap((d) => [d.listTable, listTable(d.party)]))];
    router.get(path, readsFrom(deps, tables), async (ctx: Context) => {
      const query = reportQuery(ctx, PERIOD_PARAMS);
      const { from, to } = periodOf(query, todayInIndia(deps));
      ctx.body = await registerOf(deps, docs, from, to, query.recordedBy);
    });
  }
};
