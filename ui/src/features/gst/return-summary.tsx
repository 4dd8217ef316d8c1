import { type FiledReturnAnswer, isRecord, periodLabel, subtractMoney, sumMoney } from '@erp/contracts';
import styled from 'styled-components';

import { formatMoney } from '@/lib/format';

const Table = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(140px, 1fr));
  gap: 8px;
  margin: 0;
  div { padding: 8px 10px; border-radius: ${({ theme }) => theme.radius.sm}; background: ${({ theme }) => theme.colors.surfaceMuted}; }
  dt { font-size: 13px; color: ${({ theme }) => theme.colors.muted}; }
  dd { margin: 0; font-weight: 700; overflow-wrap: anywhere; }
  dd + dd { font-weight: 400; font-size: 13px; color: ${({ theme }) => theme.colors.muted}; }
`;
const Rows = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  li { padding: 10px 0; border-top: 1px solid ${({ theme }) => theme.colors.border}; overflow-wrap: anywhere; }
`;

type Json = Readonly<Record<string, unknown>>;
const list = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isRecord) : []);
const record = (value: unknown): Json => (isRecord(value) ? value : {});
/** A JSON amount as money text (the return writes amounts as numbers to 2 places); sums stay exact. */
const amount = (value: unknown) => (typeof value === 'number' ? value.toFixed(2) : '0.00');
const money = (value: unknown) => (typeof value === 'number' ? formatMoney(value.toFixed(2)) : '—');
const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** A GSTR-1 section's documents (B2B, B2CL, CDNR…): how many, their taxable value and their tax. */
const section = (json: Json, name: string, inner?: string) => {
  const documents = inner ? list(json[name]).flatMap((g) => list(g[inner])) : list(json[name]);
  const items = documents.flatMap((d) => list(d.itms).map((i) => record(i.itm_det)));
  return {
    count: documents.length,
    taxable: sumMoney(items.map((i) => amount(i.txval))),
    tax: sumMoney(items.flatMap((i) => [amount(i.iamt), amount(i.camt), amount(i.samt)])),
  };
};

/** GSTR-1 in the figures an owner checks: each section's value (and how many documents), table 8, the net tax. */
function Gstr1Summary({ label, json }: { label: string; json: Json }) {
  const b2b = section(json, 'b2b', 'inv');
  const b2cl = section(json, 'b2cl', 'inv');
  const b2cs = list(json.b2cs);
  const b2csValue = sumMoney(b2cs.map((r) => amount(r.txval)));
  const b2csTax = sumMoney(b2cs.flatMap((r) => [amount(r.iamt), amount(r.camt), amount(r.samt)]));
  const cdnr = section(json, 'cdnr', 'nt');
  const cdnur = section(json, 'cdnur');
  const nil = sumMoney(list(record(json.nil).inv).flatMap((r) => [amount(r.nil_amt), amount(r.expt_amt), amount(r.ngsup_amt)]));
  const tax = subtractMoney(sumMoney([b2b.tax, b2cl.tax, b2csTax]), sumMoney([cdnr.tax, cdnur.tax]));
  const rows: [string, string, string | null][] = [
    ['B2B invoices', b2b.taxable, plural(b2b.count, 'invoice')],
    ['B2C large invoices', b2cl.taxable, plural(b2cl.count, 'invoice')],
    ['B2C (others)', b2csValue, null],
    ['Credit notes (registered)', cdnr.taxable, plural(cdnr.count, 'note')],
    ['Credit notes (unregistered)', cdnur.taxable, plural(cdnur.count, 'note')],
    ['Nil, exempt, non-GST', nil, null],
  ];
  return (
    <Table aria-label={label}>
      {rows.map(([name, value, count]) => (
        <div key={name}>
          <dt>{name}</dt>
          <dd>{formatMoney(value)}</dd>
          {count && <dd>{count}</dd>}
        </div>
      ))}
      <div><dt>Tax (less notes)</dt><dd>{formatMoney(tax)}</dd></div>
    </Table>
  );
}

/** A GSTR-1 or GSTR-3B JSON said in a few figures: what a person checks against the portal. */
export function ReturnSummary({ label, json }: { label: string; json: Json }) {
  if ('b2b' in json) return <Gstr1Summary label={label} json={json} />;
  const outward = record(record(json.sup_details).osup_det);
  return (
    <Table aria-label={label}>
      <div><dt>Taxable outward</dt><dd>{money(outward.txval)}</dd></div>
      <div><dt>IGST</dt><dd>{money(outward.iamt)}</dd></div>
      <div><dt>CGST</dt><dd>{money(outward.camt)}</dd></div>
      <div><dt>SGST</dt><dd>{money(outward.samt)}</dd></div>
    </Table>
  );
}

const valueOf = (row: Json | null) => (row === null ? 'not reported' : money(row.val ?? row.txval));
const TABLE_NAMES: Readonly<Record<string, string>> = {
  b2b: 'B2B invoice', b2ba: 'B2B invoice amended', b2cl: 'B2C large invoice', b2cla: 'B2C large amended', b2cs: 'B2C (others)', b2csa: 'B2C (others) amended',
  cdnr: 'Credit/debit note', cdnra: 'Credit/debit note amended', cdnur: 'Note, unregistered', cdnura: 'Note, unregistered, amended',
};

/** The rows that report what changed since filing: the table, the row, original → amended. */
export function AmendmentList({ amendments }: { amendments: NonNullable<FiledReturnAnswer['amendments']> }) {
  const { place, rows } = amendments;
  if (rows.length === 0) return <p>No change since it was filed.</p>;
  return (
    <>
      <p>
        Report these in <strong>{place.return}</strong> of {periodLabel(place.period)}:
      </p>
      <Rows aria-label="Amendments">
        {rows.map((r) => (
          <li key={`${r.table}|${r.key}`}>
            <strong>{r.table}</strong> · {TABLE_NAMES[r.table] ?? r.table} · {r.key}
            <br />
            {valueOf(r.original)} → {valueOf(r.amended)}
          </li>
        ))}
      </Rows>
    </>
  );
}
