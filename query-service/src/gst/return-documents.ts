import { GST_CATEGORIES, HSN_LINE_FIELDS, type HsnLine, type InvoiceDocument, isOneOf, listTable, type ReturnData, snakeCase, SUPPLY_LINE_FIELDS, type SupplyLine, TAX_MODES, type TaxRegime } from '@erp/contracts';
import { invoiceTable, type ReadDb } from '@erp/projections';
import { sql } from 'kysely';

import { notOpening } from '../books/not-opening';

/**
 * A month's documents of a kind as the GST returns read them (a month may have 10,000): only the
 * fields they use, each line's as a JSON array of text in the database (`SupplyLine`'s fields, or
 * `HsnLine`'s for GSTR-1's HSN summary), so Node parses a few short strings per line rather than
 * the whole row and each line's every field. Each value's type is checked as it is read (a
 * wrong one is refused, naming the column) without building a schema's copy of the row.
 */
export type LineDepth = 'supply' | 'hsn';
interface Lines {
  readonly supply: SupplyLine;
  readonly hsn: HsnLine;
}
export type LineOf<D extends LineDepth> = Lines[D];

/** A line field as `InvoiceLineSchema` reads it: its defaults for lines recorded before the field was kept. */
const LINE_SQL: Readonly<Record<(typeof HSN_LINE_FIELDS)[number], ReturnType<typeof sql>>> = {
  gstCategory: sql`coalesce(l->>'gstCategory', case when coalesce(l->>'gstRate', '0')::numeric = 0 then 'nil' else 'taxable' end)`,
  gstRate: sql`coalesce(l->>'gstRate', '0')`,
  // toMoney of the amount: numeric rounds half away from zero, as Big's roundHalfUp does.
  taxableValue: sql`coalesce(l->>'taxableValue', round((l->>'amount')::numeric, 2)::text)`,
  igst: sql`coalesce(l->>'igst', '0.00')`,
  cgst: sql`coalesce(l->>'cgst', '0.00')`,
  sgst: sql`coalesce(l->>'sgst', '0.00')`,
  hsn: sql`l->>'hsn'`,
  unit: sql`l->>'unit'`,
  itemName: sql`l->>'itemName'`,
  quantity: sql`l->>'quantity'`,
};
const SUPPLY_TYPES: readonly TaxRegime[] = ['intra', 'inter', 'none'];

const refuse = (table: string, column: string, value: unknown): never => {
  throw new Error(`${table}.${column}: unexpected ${JSON.stringify(value)}`);
};

/** A kind's documents dated in a period, active or not, each with its party's GSTIN (as recorded on the party) and its series. */
export const returnDocuments = async <K extends string, D extends LineDepth>(
  db: ReadDb,
  { doc, kind }: { readonly doc: InvoiceDocument; readonly kind: K },
  party: { readonly singular: string },
  from: string,
  to: string,
  depth: D,
) => {
  const table = invoiceTable(doc).name;
  const fields = depth === 'hsn' ? HSN_LINE_FIELDS : SUPPLY_LINE_FIELDS;
  const column = (field: string) => sql`d.${sql.id(snakeCase(field))}`;
  const against = doc.against ? column(doc.against.field) : sql`null::integer`;
  const { rows } = await sql<{
    id: unknown; number: unknown; date: unknown; active: unknown; tax_mode: unknown; supply_type: unknown; place_of_supply: unknown;
    reverse_charge: unknown; total_amount: unknown; igst: unknown; cgst: unknown; sgst: unknown; against_id: unknown; party_gstin: unknown; lines: unknown;
  }>`
    select d.id, ${column(doc.numberField)} as number, ${column(doc.dateField)} as date, d.active, d.tax_mode, d.supply_type, d.place_of_supply,
           d.reverse_charge, d.total_amount::text, d.igst::text, d.cgst::text, d.sgst::text, ${against} as against_id, p.gst_number as party_gstin,
           (select coalesce(json_agg(json_build_array(${sql.join(fields.map((f) => LINE_SQL[f]))}) order by n), '[]')::text
              from jsonb_array_elements(d.lines) with ordinality as e(l, n)) as lines
    from ${sql.table(table)} d left join ${sql.table(listTable(party))} p on p.id = ${column(doc.party.field)}
    where ${column(doc.dateField)} between ${from}::date and ${to}::date${notOpening(doc, 'd')}
    order by d.id`.execute(db);
  const text = (column: string, v: unknown) => (typeof v === 'string' ? v : refuse(table, column, v));
  const orNull = (column: string, v: unknown) => (v === null ? null : text(column, v));
  const whole = (column: string, v: unknown) => (typeof v === 'number' ? v : refuse(table, column, v));
  const flag = (column: string, v: unknown) => (typeof v === 'boolean' ? v : refuse(table, column, v));
  const category = (v: unknown) => {
    const value = text('lines.gstCategory', v);
    return isOneOf(GST_CATEGORIES, value) ? value : refuse(table, 'lines.gstCategory', value);
  };
  // A line's values come in the order of its fields (SUPPLY_LINE_FIELDS, then HSN_LINE_FIELDS' own).
  const supplyLine = ([gstCategory, gstRate, taxableValue, igst, cgst, sgst]: readonly unknown[]): SupplyLine => ({
    gstCategory: category(gstCategory),
    gstRate: text('lines.gstRate', gstRate),
    taxableValue: text('lines.taxableValue', taxableValue),
    igst: text('lines.igst', igst),
    cgst: text('lines.cgst', cgst),
    sgst: text('lines.sgst', sgst),
  });
  const readers: { readonly [L in LineDepth]: (raw: readonly unknown[]) => LineOf<L> } = {
    supply: supplyLine,
    hsn: (raw) => {
      const [hsn, unit, itemName, quantity] = raw.slice(SUPPLY_LINE_FIELDS.length);
      return { ...supplyLine(raw), hsn: orNull('lines.hsn', hsn), unit: orNull('lines.unit', unit), itemName: text('lines.itemName', itemName), quantity: text('lines.quantity', quantity) };
    },
  };
  const read: (raw: readonly unknown[]) => LineOf<D> = readers[depth];
  const lineOf = (raw: unknown): LineOf<D> => (Array.isArray(raw) && raw.length === fields.length ? read(raw) : refuse(table, 'lines', raw));
  return rows.map((row) => {
    const number = text('number', row.number);
    const taxMode = text('tax_mode', row.tax_mode);
    const supplyType = orNull('supply_type', row.supply_type);
    const lines: unknown = JSON.parse(text('lines', row.lines));
    const data: ReturnData<LineOf<D>> = {
      id: whole('id', row.id),
      number,
      date: text('date', row.date),
      active: flag('active', row.active),
      taxMode: isOneOf(TAX_MODES, taxMode) ? taxMode : refuse(table, 'tax_mode', taxMode),
      supplyType: supplyType === null || isOneOf(SUPPLY_TYPES, supplyType) ? supplyType : refuse(table, 'supply_type', supplyType),
      placeOfSupply: orNull('place_of_supply', row.place_of_supply),
      reverseCharge: flag('reverse_charge', row.reverse_charge),
      totalAmount: text('total_amount', row.total_amount),
      igst: text('igst', row.igst),
      cgst: text('cgst', row.cgst),
      sgst: text('sgst', row.sgst),
      againstId: row.against_id === null ? null : whole('against_id', row.against_id),
      lines: (Array.isArray(lines) ? lines : refuse(table, 'lines', lines)).map(lineOf),
    };
    return { kind, stream: doc.streamOf(data.id), partyGstin: orNull('party_gstin', row.party_gstin), series: seriesOf(number), data };
  });
};

/** A number taken from a series (`INV/2026-27/0007`) → its series (`INV/2026-27/`); typed by hand → null. */
const seriesOf = (number: string) => (/^(.*\D)\d+$/.exec(number)?.[1] ?? null);
