import { type BookEntry, decimal, type Reconciliation, type StatementLine } from '@erp/contracts';
import { useId, useState } from 'react';
import styled from 'styled-components';

import { DataTable } from '@/components/data-table';
import { EmptyState } from '@/components/empty-state';
import { FieldShell, Input } from '@/components/form-field';
import { Stack } from '@/components/layout';
import { Spinner } from '@/components/spinner';
import { errorText } from '@/lib/error-text';
import { formatDate, formatMoney, todayInIndia } from '@/lib/format';

import { entryLabel, useReconciliation } from './bank-reconciliation.queries';

const Table = styled(DataTable)`
  td:first-child { overflow-wrap: anywhere; }
  tr.item td { color: ${({ theme }) => theme.colors.muted}; font-size: 13px; padding-left: 18px; }
`;

const Difference = styled.p<{ $off: boolean }>`
  font-weight: 700;
  color: ${({ $off, theme }) => ($off ? theme.colors.dangerText : theme.colors.success)};
`;

const abs = (amount: string) => formatMoney(decimal(amount).abs());

type Part = { total: string; items: readonly (BookEntry | StatementLine)[] };
const itemLabel = (item: BookEntry | StatementLine) => ('stream' in item ? entryLabel(item) : `${formatDate(item.date)} · ${item.narration}`);

/** One part of the statement: its heading with the total added or taken off, then each of its items. */
function PartRows({ label, part, sign }: { label: string; part: Part; sign: '+' | '−' }) {
  if (part.items.length === 0) return null;
  return (
    <>
      <tr><td>{sign === '+' ? 'Add' : 'Less'}: {label}</td><td className="num">{abs(part.total)}</td></tr>
      {part.items.map((item) => (
        <tr key={'stream' in item ? item.stream : `line-${item.lineNo}`} className="item"><td>{itemLabel(item)}</td><td className="num">{abs(item.amount)}</td></tr>
      ))}
    </>
  );
}

function Statement({ r }: { r: Reconciliation }) {
  const off = r.difference !== null && !decimal(r.difference).eq(0);
  return (
    <Stack>
      <Table aria-label={`Bank reconciliation statement as of ${formatDate(r.asOf)}`}>
        <tbody>
          <tr className="strong"><td>Balance per books</td><td className="num">{formatMoney(r.balancePerBooks)}</td></tr>
          <PartRows label="deposits not yet credited by the bank" part={r.notCredited} sign="−" />
          <PartRows label="payments not yet presented (cheques issued)" part={r.notPresented} sign="+" />
          <PartRows label="credited by the bank, not in the books" part={r.bankOnlyCredits} sign="+" />
          <PartRows label="debited by the bank, not in the books" part={r.bankOnlyDebits} sign="−" />
          <tr className="strong"><td>Balance the statement should show</td><td className="num">{formatMoney(r.workedOutBankBalance)}</td></tr>
          <tr className="strong">
            <td>Balance per bank statement{r.statementDate ? ` (${formatDate(r.statementDate)})` : ''}</td>
            <td className="num">{r.balancePerBank === null ? 'No statement yet' : formatMoney(r.balancePerBank)}</td>
          </tr>
        </tbody>
      </Table>
      {r.difference !== null && (
        <Difference $off={off} role="status">
          {off ? `Difference ${formatMoney(r.difference)}: a line or an entry is missing, or the opening balances differ` : 'Reconciled: no difference'}
        </Difference>
      )}
      {r.changedMatches.length > 0 && <p>Lines {r.changedMatches.join(', ')} were matched to entries changed since; they count as unmatched until matched again.</p>}
    </Stack>
  );
}

/** The bank reconciliation statement as of a day (today unless another is chosen). */
export function ReconciliationStatement({ account }: { account: string }) {
  const id = useId();
  const [asOf, setAsOf] = useState(todayInIndia());
  const statement = useReconciliation(account, asOf);
  return (
    <Stack $gap={14}>
      <FieldShell id={`${id}-as-of`} label="As of">
        <Input id={`${id}-as-of`} type="date" value={asOf} onChange={(e) => setAsOf(e.target.value)} />
      </FieldShell>
      {statement.isPending ? <Spinner label="Working out the statement" /> : statement.isError ? <EmptyState message={errorText(statement.error)} /> : <Statement r={statement.data} />}
    </Stack>
  );
}
