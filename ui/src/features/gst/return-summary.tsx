import { type FiledReturnAnswer, isRecord, periodLabel } from '@erp/contracts';
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
const count = (json: Json, section: string, inner?: string) => (inner ? list(json[section]).flatMap((g) => list(g[inner])).length : list(json[section]).length);
const money = (value: unknown) => (typeof value === 'number' ? formatMoney(value.toFixed(2)) : '—');

/** A GSTR-1 or GSTR-3B JSON said in a few figures: what a person checks against the portal. */
export function ReturnSummary({ label, json }: { label: string; json: Json }) {
  if ('b2b' in json) {
    return (
      <Table aria-label={label}>
        <div><dt>B2B invoices</dt><dd>{count(json, 'b2b', 'inv')}</dd></div>
        <div><dt>B2C large invoices</dt><dd>{count(json, 'b2cl', 'inv')}</dd></div>
        <div><dt>B2C (others) rows</dt><dd>{count(json, 'b2cs')}</dd></div>
        <div><dt>Credit notes (registered)</dt><dd>{count(json, 'cdnr', 'nt')}</dd></div>
        <div><dt>Credit notes (unregistered)</dt><dd>{count(json, 'cdnur')}</dd></div>
      </Table>
    );
  }
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
