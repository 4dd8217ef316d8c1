import { MONTH_NAMES, PAID_FROM, PAYROLL_PATHS, PAYROLL_YEARS, payrollActionPath, type Payroll, type PayrollRunResult } from '@erp/contracts';
import { useState } from 'react';
import styled from 'styled-components';

import { Button } from '@/components/button';
import { FieldShell, Input, Select } from '@/components/form-field';
import { useCashWarning } from '@/features/books/cash-in-hand';
import { apiClient } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { todayInIndia } from '@/lib/format';
import { toast } from '@/lib/toast-store';

const Panel = styled.section`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 10px;
  align-items: end;
  margin-bottom: 16px;
  padding: 12px;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  h2 { grid-column: 1 / -1; margin: 0; font-size: 16px; }
  & > button { grid-column: 1 / -1; }
  @media (min-width: 720px) {
    grid-template-columns: 1fr 1fr auto;
    & > button { grid-column: auto; }
  }
`;

const Warning = styled.p`
  grid-column: 1 / -1;
  padding: 10px 12px;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: #fef9c3;
  color: #854d0e;
  font-size: 14px;
`;

const thisMonth = () => {
  const [year, month] = todayInIndia().split('-');
  return { month: Number(month), year: Number(year) };
};

export const monthOptions = MONTH_NAMES.map((name, i) => ({ value: String(i + 1), label: name }));
const years = (around: number) => Array.from({ length: 5 }, (_, i) => around - 3 + i).filter((y) => y >= PAYROLL_YEARS.min && y <= PAYROLL_YEARS.max);

/** Month and year selects, this month by default. */
export function MonthPicker(props: { idPrefix: string; month: number; year: number; onChange: (next: { month: number; year: number }) => void }) {
  const { idPrefix, month, year, onChange } = props;
  return (
    <>
      <FieldShell id={`${idPrefix}-month`} label="Month">
        <Select id={`${idPrefix}-month`} value={String(month)} onChange={(e) => onChange({ month: Number(e.target.value), year })}>
          {monthOptions.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
        </Select>
      </FieldShell>
      <FieldShell id={`${idPrefix}-year`} label="Year">
        <Select id={`${idPrefix}-year`} value={String(year)} onChange={(e) => onChange({ month, year: Number(e.target.value) })}>
          {years(thisMonth().year).map((y) => <option key={y} value={y}>{y}</option>)}
        </Select>
      </FieldShell>
    </>
  );
}

export const useMonth = () => useState(thisMonth);

/** Run Payroll: a pending payroll for each active employee who has none that month. */
export function RunPayroll({ onDone }: { onDone: () => void }) {
  const [period, setPeriod] = useMonth();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const result = await apiClient.post<PayrollRunResult>(PAYROLL_PATHS.run, period);
      const month = `${MONTH_NAMES[period.month - 1]} ${period.year}`;
      toast({ title: 'Payroll run complete', description: `${month}: ${result.created.length} created, ${result.skipped.length} skipped` });
      onDone();
    } catch (error) {
      toast({ title: 'Failed to run payroll', description: errorText(error), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Panel aria-labelledby="run-payroll-heading">
      <h2 id="run-payroll-heading">Run payroll for a month</h2>
      <MonthPicker idPrefix="run" month={period.month} year={period.year} onChange={setPeriod} />
      <Button type="button" disabled={busy} onClick={() => void run()}>{busy ? 'Running…' : 'Run Payroll'}</Button>
    </Panel>
  );
}

/** Mark Paid: the day it was paid (today by default) and whether from the cash box or the bank. */
export function MarkPaid({ payroll, name, onDone }: { payroll: Payroll; name: string; onDone: (paid: boolean) => void }) {
  const [paidOn, setPaidOn] = useState(todayInIndia);
  const [paidFrom, setPaidFrom] = useState<string>('bank');
  const [busy, setBusy] = useState(false);
  const cashWarning = useCashWarning(paidOn, paidFrom === 'cash' ? payroll.netSalary : null);
  const pay = async () => {
    setBusy(true);
    try {
      await apiClient.post(payrollActionPath(payroll.id, 'pay'), { paidOn, paidFrom });
      toast({ title: 'Payroll marked paid', description: `${name}: ${payroll.netSalary ?? ''} paid from ${paidFrom}` });
      onDone(true);
    } catch (error) {
      toast({ title: 'Failed to mark payroll paid', description: errorText(error), variant: 'destructive' });
      setBusy(false);
    }
  };
  return (
    <Panel aria-labelledby="mark-paid-heading">
      <h2 id="mark-paid-heading">Mark paid: {name}</h2>
      <FieldShell id="pay-on" label="Paid On">
        <Input id="pay-on" type="date" value={paidOn} onChange={(e) => setPaidOn(e.target.value)} />
      </FieldShell>
      <FieldShell id="pay-from" label="Paid From">
        <Select id="pay-from" value={paidFrom} onChange={(e) => setPaidFrom(e.target.value)}>
          {PAID_FROM.map((p) => <option key={p} value={p}>{p === 'cash' ? 'Cash' : 'Bank'}</option>)}
        </Select>
      </FieldShell>
      {cashWarning && <Warning role="status">{cashWarning}</Warning>}
      <Button type="button" disabled={busy} onClick={() => void pay()}>Confirm Payment</Button>
      <Button type="button" $variant="secondary" onClick={() => onDone(false)}>Cancel</Button>
    </Panel>
  );
}
