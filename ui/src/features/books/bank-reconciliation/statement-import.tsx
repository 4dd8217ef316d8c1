import {
  BANK_RECONCILIATION_PATHS,
  DATE_FORMAT_EXAMPLES,
  detectDateFormat,
  findHeaderRow,
  guessHeaderRow,
  isOneOf,
  keyedAll,
  readStatement,
  recogniseStatement,
  STATEMENT_CSV_MAX,
  STATEMENT_DATE_FORMATS,
  type StatementDateFormat,
  type StatementFormat,
  StatementFormatSchema,
  type StatementImportAnswer,
} from '@erp/contracts';
import Papa from 'papaparse';
import { type ChangeEvent, useId, useState } from 'react';
import styled from 'styled-components';

import { Button } from '@/components/button';
import { DataTable } from '@/components/data-table';
import { FieldShell, Input, Select } from '@/components/form-field';
import { Stack } from '@/components/layout';
import { TableScroll } from '@/components/table-scroll';
import { isApiError } from '@/lib/api-client';
import { apiClient } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { formatDate, formatMoney } from '@/lib/format';
import { toast } from '@/lib/toast-store';

import { useBankWrite } from './bank-reconciliation.queries';

const ROLES = [
  ['date', 'Date', true],
  ['narration', 'Narration', true],
  ['reference', 'Reference', false],
  ['cheque', 'Cheque number', false],
  ['withdrawal', 'Withdrawal (debit)', false],
  ['deposit', 'Deposit (credit)', false],
  ['amount', 'Amount (one column)', false],
  ['drCr', 'Dr / Cr', false],
  ['balance', 'Balance', true],
] as const;
type Role = (typeof ROLES)[number][0];
type Mapping = Record<Role, string> & { name: string; dateFormat: StatementDateFormat };

interface Chosen { readonly name: string; readonly text: string; readonly rows: string[][] }

const ROLE_NAMES = ROLES.map(([role]) => role);
const mappingOf = (format: StatementFormat): Mapping => ({ ...format, ...keyedAll(ROLE_NAMES, (role) => format[role] ?? '') });
const blank = (): Mapping => ({ ...keyedAll(ROLE_NAMES, () => ''), name: 'Custom', dateFormat: 'DD/MM/YYYY' });

/** The columns to start from: the ledger's saved format if the file has its columns, else a bank's by its headers, else none. */
const firstMapping = (rows: string[][], saved: StatementFormat | null): Mapping => {
  if (saved && findHeaderRow(rows, saved) >= 0) return mappingOf(saved);
  const known = recogniseStatement(rows);
  return known ? mappingOf(known.format) : blank();
};

const Grid = styled.div`
  display: grid;
  gap: 10px;
  grid-template-columns: repeat(auto-fit, minmax(150px, 1fr));
`;

const Problems = styled.ul`
  color: ${({ theme }) => theme.colors.dangerText};
  margin: 0;
  padding-left: 18px;
`;

const Summary = styled.p`
  font-weight: 600;
`;

/** Choose a statement file, map its columns (filled in for a known bank or the saved format), see what will be imported, import it. */
export function StatementImport({ account, saved }: { account: string; saved: StatementFormat | null }) {
  const id = useId();
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [mapping, setMapping] = useState<Mapping>(blank);
  const [problems, setProblems] = useState<string[]>([]);
  const [inputKey, setInputKey] = useState(0);
  const send = useBankWrite((body: { csv: string; fileName: string; format: StatementFormat }) => apiClient.post<StatementImportAnswer>(BANK_RECONCILIATION_PATHS.statements(account), body));

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setProblems([]);
    if (!file) return;
    const text = (await file.text()).replace(/^\uFEFF/, '');
    if (text.length > STATEMENT_CSV_MAX) {
      setProblems([`This file is ${Math.ceil(text.length / 1000)} kB; import at most ${STATEMENT_CSV_MAX / 1000} kB at a time (download the statement a few months at a time).`]);
      return;
    }
    const rows = Papa.parse<string[]>(text, { skipEmptyLines: false }).data.map((row) => row.map((cell) => String(cell ?? '')));
    setChosen({ name: file.name, text, rows });
    setMapping(firstMapping(rows, saved));
  };

  const format = StatementFormatSchema.safeParse(mapping);
  const rows = chosen?.rows ?? [];
  const found = format.success ? findHeaderRow(rows, format.data) : -1;
  const headerRow = found >= 0 ? found : Math.max(guessHeaderRow(rows), 0);
  const headers = [...new Set((rows[headerRow] ?? []).map((h) => h.trim()).filter((h) => h !== ''))];
  const preview = format.success && chosen ? readStatement(rows, format.data) : null;

  const choose = (role: Role, header: string) => {
    const next = { ...mapping, [role]: header, name: 'Custom' };
    if (role === 'date' && header) {
      // Read the date format off the column's own dates.
      const at = (rows[headerRow] ?? []).findIndex((h) => h.trim() === header);
      next.dateFormat = detectDateFormat(rows.slice(headerRow + 1).map((r) => r[at] ?? ''), mapping.dateFormat) ?? mapping.dateFormat;
    }
    setMapping(next);
  };

  const submit = () => {
    if (!chosen || !format.success) return;
    send.mutate({ csv: chosen.text, fileName: chosen.name, format: format.data }, {
      onSuccess: (answer) => {
        toast({ title: 'Statement imported', description: `${answer.imported} new line${answer.imported === 1 ? '' : 's'} imported${answer.duplicates > 0 ? `; ${answer.duplicates} were imported before` : ''}` });
        setChosen(null);
        setInputKey((k) => k + 1);
      },
      onError: (error) => setProblems(isApiError(error, 400) && error.issues.length > 0 ? error.issues.map((i) => i.message) : [errorText(error)]),
    });
  };

  return (
    <Stack $gap={14}>
      <FieldShell id={`${id}-file`} label="Statement file (CSV from net banking)" hint="SBI, HDFC Bank, ICICI Bank, Axis Bank and Kotak exports are recognised; any other you map once">
        <Input key={inputKey} id={`${id}-file`} type="file" accept=".csv,.txt,text/csv,text/plain" onChange={(e) => void onFile(e)} />
      </FieldShell>
      {chosen && (
        <>
          <p>{mapping.name === 'Custom' ? 'Which column holds what:' : `Recognised: ${mapping.name}. Check the columns:`}</p>
          <Grid>
            {ROLES.map(([role, label, required]) => (
              <FieldShell key={role} id={`${id}-${role}`} label={label} required={required}>
                <Select id={`${id}-${role}`} value={mapping[role]} onChange={(e) => choose(role, e.target.value)}>
                  <option value="">{required ? 'Choose…' : 'None'}</option>
                  {headers.map((h) => <option key={h} value={h}>{h}</option>)}
                </Select>
              </FieldShell>
            ))}
            <FieldShell id={`${id}-date-format`} label="Dates are written like" required>
              <Select id={`${id}-date-format`} value={mapping.dateFormat} onChange={(e) => isOneOf(STATEMENT_DATE_FORMATS, e.target.value) && setMapping({ ...mapping, dateFormat: e.target.value })}>
                {STATEMENT_DATE_FORMATS.map((f) => <option key={f} value={f}>{DATE_FORMAT_EXAMPLES[f]}</option>)}
              </Select>
            </FieldShell>
          </Grid>
          {!format.success && <Problems role="alert">{format.error.issues.map((i) => <li key={i.message}>{i.message}</li>)}</Problems>}
          {preview && <Preview lines={preview.lines} skipped={preview.skipped} issues={preview.issues.map((i) => i.message)} />}
          <Button onClick={submit} disabled={send.isPending || !preview || preview.issues.length > 0 || preview.lines.length === 0}>
            {send.isPending ? 'Importing…' : `Import ${preview?.lines.length ?? 0} lines`}
          </Button>
        </>
      )}
      {problems.length > 0 && <Problems role="alert">{problems.map((p) => <li key={p}>{p}</li>)}</Problems>}
    </Stack>
  );
}

function Preview({ lines, skipped, issues }: { lines: ReturnType<typeof readStatement>['lines']; skipped: number; issues: readonly string[] }) {
  if (issues.length > 0) return <Problems role="alert">{issues.map((i) => <li key={i}>{i}</li>)}</Problems>;
  if (lines.length === 0) return <Problems role="alert"><li>No transactions under the header row</li></Problems>;
  return (
    <>
      <Summary>
        {lines.length} transactions, {formatDate(lines[0]!.date)} to {formatDate(lines.at(-1)!.date)}{skipped > 0 ? ` (${skipped} rows without a date left out)` : ''}
      </Summary>
      <TableScroll label="The statement's first lines">
        <DataTable>
          <thead><tr><th>Date</th><th>Narration</th><th className="num">Withdrawal</th><th className="num">Deposit</th><th className="num">Balance</th></tr></thead>
          <tbody>
            {lines.slice(0, 5).map((l) => (
              <tr key={l.row}>
                <td>{formatDate(l.date)}</td>
                <td>{l.narration}</td>
                <td className="num">{l.withdrawal === '0.00' ? '' : formatMoney(l.withdrawal)}</td>
                <td className="num">{l.deposit === '0.00' ? '' : formatMoney(l.deposit)}</td>
                <td className="num">{formatMoney(l.balance)}</td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      </TableScroll>
    </>
  );
}
