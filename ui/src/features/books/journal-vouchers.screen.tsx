import { byId, compareMoney, isDecimal, JOURNAL_VOUCHERS_PATH, type JournalVoucher, routes, subtractMoney, sumMoney, VOUCHER_TYPES } from '@erp/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import styled from 'styled-components';

import { Button, IconButton } from '@/components/button';
import { EmptyState } from '@/components/empty-state';
import { Input, Select } from '@/components/form-field';
import { Card, CardHeading, Main, Stack, TopBar } from '@/components/layout';
import { Spinner } from '@/components/spinner';
import { useAccountOptions } from '@/features/books/chart/chart.queries';
import { useCashWarning } from '@/features/books/cash-in-hand';
import { customersResource } from '@/features/sales/customers/customers.resource';
import { vendorsResource } from '@/features/purchase/vendors/vendors.resource';
import { apiClient, isApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { formatDate, formatMoney, todayInIndia } from '@/lib/format';
import { useMay } from '@/lib/session';
import { toast } from '@/lib/toast-store';

interface Line { account: string; party: string; particulars: string; debit: string; credit: string }
interface Form { id: number | null; voucherDate: string; voucherType: string; voucherNumber: string; referenceNumber: string; narration: string; lines: Line[] }

const blankLine = (): Line => ({ account: '', party: '', particulars: '', debit: '', credit: '' });
const blank = (): Form => ({ id: null, voucherDate: todayInIndia(), voucherType: 'Journal', voucherNumber: '', referenceNumber: '', narration: '', lines: [blankLine(), blankLine()] });
const fromVoucher = (v: JournalVoucher): Form => ({
  id: v.id, voucherDate: v.voucherDate, voucherType: v.voucherType, voucherNumber: v.voucherNumber ?? '', referenceNumber: v.referenceNumber ?? '', narration: v.narration ?? '',
  lines: v.lines.map((l) => ({ account: l.account, party: l.party ?? '', particulars: l.particulars ?? '', debit: l.debit === '0.00' ? '' : l.debit, credit: l.credit === '0.00' ? '' : l.credit })),
});

const issueText = (issue: { path: string; message: string }) => {
  const line = /^lines\.(\d+)\./.exec(issue.path);
  return line ? `Line ${Number(line[1]) + 1}: ${issue.message}` : issue.message;
};

const VOUCHERS_KEY = ['books', 'journal-vouchers'] as const;
const amountOf = (text: string) => (isDecimal(text) ? text.trim() : '0');
/** What a voucher takes out of the cash box: its credits to Cash in Hand less its debits. */
const cashOut = (lines: readonly { account: string; debit: string; credit: string }[]) => {
  const cash = lines.filter((l) => l.account === 'cash');
  return subtractMoney(sumMoney(cash.map((l) => amountOf(l.credit))), sumMoney(cash.map((l) => amountOf(l.debit))));
};

const Grid = styled.div`
  display: grid;
  gap: 10px;
  grid-template-columns: repeat(auto-fit, minmax(150px, 1fr));
  & > div { display: flex; flex-direction: column; gap: 4px; }
  label { font-size: 13px; color: ${({ theme }) => theme.colors.muted}; }
`;

const LineBox = styled.fieldset`
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radius.md};
  padding: 10px;
  legend { font-size: 13px; font-weight: 600; padding: 0 4px; }
`;

const Errors = styled.ul`
  color: ${({ theme }) => theme.colors.danger};
  margin: 0;
  padding-left: 18px;
`;

const CashWarning = styled.p`
  padding: 10px 12px;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: #fef9c3;
  color: #854d0e;
  font-size: 14px;
`;

const Totals = styled.p`
  font-weight: 600;
  font-variant-numeric: tabular-nums;
`;

const Row = styled.button`
  display: flex;
  justify-content: space-between;
  gap: 12px;
  width: 100%;
  padding: 12px 0;
  border: 0;
  border-bottom: 1px solid ${({ theme }) => theme.colors.borderStrong};
  background: none;
  font: inherit;
  text-align: left;
  cursor: pointer;
  small { display: block; color: ${({ theme }) => theme.colors.muted}; }
  strong { white-space: nowrap; font-variant-numeric: tabular-nums; }
`;

/** Journal vouchers (issue 21): the list, and one form to record or revise a voucher whose debits equal its credits. */
export function JournalVouchersScreen() {
  const queryClient = useQueryClient();
  const id = useId();
  const vouchers = useQuery({ queryKey: VOUCHERS_KEY, queryFn: () => apiClient.get<JournalVoucher[]>(JOURNAL_VOUCHERS_PATH) });
  const customers = customersResource.useList().data ?? [];
  const vendors = vendorsResource.useList().data ?? [];
  const accounts = useAccountOptions();
  const [form, setForm] = useState<Form | null>(null);
  const [issues, setIssues] = useState<string[]>([]);
  const debits = sumMoney((form?.lines ?? []).map((l) => amountOf(l.debit)));
  const credits = sumMoney((form?.lines ?? []).map((l) => amountOf(l.credit)));
  const mayWrite = useMay('POST', JOURNAL_VOUCHERS_PATH);
  // A revision counts only what it takes out beyond what the voucher took already.
  const original = form?.id ? vouchers.data?.find((v) => v.id === form.id) : undefined;
  const cashWarning = useCashWarning(form?.voucherDate, form ? subtractMoney(cashOut(form.lines), original?.active ? cashOut(original.lines) : '0') : null);
  const save = useMutation({
    mutationFn: async ({ next, active }: { next: Form; active: boolean }) => {
      const body = {
        voucherDate: next.voucherDate, voucherType: next.voucherType, voucherNumber: next.voucherNumber, referenceNumber: next.referenceNumber, narration: next.narration, active,
        lines: next.lines.filter((l) => l.account || l.debit || l.credit).map((l) => ({ account: l.account, party: l.party || null, particulars: l.particulars, debit: l.debit, credit: l.credit })),
      };
      return next.id === null ? apiClient.post<JournalVoucher>(JOURNAL_VOUCHERS_PATH, body) : apiClient.put<JournalVoucher>(byId(JOURNAL_VOUCHERS_PATH, next.id), body);
    },
    onSuccess: async (_saved, { next, active }) => {
      toast({ title: 'Success', description: !active ? 'Journal voucher cancelled' : next.id === null ? 'Journal voucher recorded' : 'Journal voucher updated' });
      setForm(null);
      setIssues([]);
      await queryClient.invalidateQueries({ queryKey: ['books'] });
    },
    // Each mistake as a sentence; a line's says which line.
    onError: (error) => setIssues(isApiError(error, 400) || isApiError(error, 409) ? error.issues.map(issueText) : [errorText(error)]),
  });
  const setLine = (index: number, change: Partial<Line>) => setForm((f) => f && { ...f, lines: f.lines.map((l, i) => (i === index ? { ...l, ...change } : l)) });
  const back = { to: routes.module('accounting'), label: 'Back to Accounting' };

  if (form) {
    const field = (name: 'voucherNumber' | 'referenceNumber' | 'narration', label: string) => (
      <div>
        <label htmlFor={`${id}-${name}`}>{label}</label>
        <Input id={`${id}-${name}`} value={form[name]} onChange={(e) => setForm({ ...form, [name]: e.target.value })} />
      </div>
    );
    const lineId = (index: number, name: string) => `${id}-line-${index}-${name}`;
    const difference = subtractMoney(debits, credits);
    return (
      <>
        <TopBar title={form.id === null ? 'New Journal Voucher' : `Journal Voucher #${form.id}`} subtitle="Debits must equal credits" back={{ onClick: () => setForm(null), label: 'Back to journal vouchers' }} />
        <Main>
          <form onSubmit={(e) => { e.preventDefault(); save.mutate({ next: form, active: true }); }} noValidate>
            <Stack $gap={14}>
              <Grid>
                <div>
                  <label htmlFor={`${id}-date`}>Voucher date</label>
                  <Input id={`${id}-date`} type="date" value={form.voucherDate} onChange={(e) => setForm({ ...form, voucherDate: e.target.value })} required />
                </div>
                <div>
                  <label htmlFor={`${id}-type`}>Voucher type</label>
                  <Select id={`${id}-type`} value={form.voucherType} onChange={(e) => setForm({ ...form, voucherType: e.target.value })}>
                    {VOUCHER_TYPES.map((t) => <option key={t} value={t}>{t}</option>)}
                  </Select>
                </div>
                {field('voucherNumber', 'Voucher number')}
                {field('referenceNumber', 'Reference number')}
              </Grid>
              <Grid>{field('narration', 'Narration')}</Grid>
              {form.lines.map((line, index) => (
                <LineBox key={index}>
                  <legend>Line {index + 1}</legend>
                  <Grid>
                    <div>
                      <label htmlFor={lineId(index, 'account')}>Ledger</label>
                      <Select id={lineId(index, 'account')} value={line.account} onChange={(e) => setLine(index, { account: e.target.value, party: '' })}>
                        <option value="">Choose…</option>
                        {accounts.map((a) => <option key={a.value} value={a.value}>{a.label}</option>)}
                      </Select>
                    </div>
                    {(line.account === 'debtors' || line.account === 'creditors') && (
                      <div>
                        <label htmlFor={lineId(index, 'party')}>{line.account === 'debtors' ? 'Customer' : 'Vendor'}</label>
                        <Select id={lineId(index, 'party')} value={line.party} onChange={(e) => setLine(index, { party: e.target.value })}>
                          <option value="">Choose…</option>
                          {(line.account === 'debtors' ? customers.map((c) => ({ id: c.id, name: c.name, kind: 'customer' })) : vendors.map((v) => ({ id: v.id, name: v.name, kind: 'vendor' }))).map((p) => (
                            <option key={p.id} value={`${p.kind}-${p.id}`}>{p.name}</option>
                          ))}
                        </Select>
                      </div>
                    )}
                    <div>
                      <label htmlFor={lineId(index, 'debit')}>Debit</label>
                      <Input id={lineId(index, 'debit')} inputMode="decimal" value={line.debit} onChange={(e) => setLine(index, { debit: e.target.value })} />
                    </div>
                    <div>
                      <label htmlFor={lineId(index, 'credit')}>Credit</label>
                      <Input id={lineId(index, 'credit')} inputMode="decimal" value={line.credit} onChange={(e) => setLine(index, { credit: e.target.value })} />
                    </div>
                    <div>
                      <label htmlFor={lineId(index, 'particulars')}>Particulars</label>
                      <Input id={lineId(index, 'particulars')} value={line.particulars} onChange={(e) => setLine(index, { particulars: e.target.value })} />
                    </div>
                  </Grid>
                  {form.lines.length > 2 && (
                    <IconButton aria-label={`Remove line ${index + 1}`} onClick={() => setForm({ ...form, lines: form.lines.filter((_l, i) => i !== index) })}>
                      <Trash2 size={18} aria-hidden="true" />
                    </IconButton>
                  )}
                </LineBox>
              ))}
              <Button type="button" $variant="secondary" onClick={() => setForm({ ...form, lines: [...form.lines, blankLine()] })}>
                <Plus size={18} aria-hidden="true" />
                Add Line
              </Button>
              <Totals id={`${id}-totals`} aria-live="polite">
                Debits {formatMoney(debits)} · Credits {formatMoney(credits)}
                {compareMoney(difference, 0) !== 0 && ` · Difference ${formatMoney(difference)}`}
              </Totals>
              {cashWarning && <CashWarning role="status">{cashWarning}</CashWarning>}
              {issues.length > 0 && (
                <Errors role="alert">
                  {issues.map((issue) => <li key={issue}>{issue}</li>)}
                </Errors>
              )}
              {mayWrite && <Button type="submit" disabled={save.isPending}>{save.isPending ? 'Saving...' : form.id === null ? 'Record Voucher' : 'Update Voucher'}</Button>}
              {mayWrite && form.id !== null && (
                <Button type="button" $variant="danger" disabled={save.isPending} onClick={() => save.mutate({ next: form, active: false })}>Cancel Voucher</Button>
              )}
            </Stack>
          </form>
        </Main>
      </>
    );
  }

  return (
    <>
      <TopBar
        title="Journal Vouchers"
        subtitle="Opening balances, corrections, contra entries"
        back={back}
        actions={mayWrite && <Button onClick={() => { setIssues([]); setForm(blank()); }}><Plus size={18} aria-hidden="true" />New Voucher</Button>}
      />
      <Main>
        <Card aria-labelledby={`${id}-list`}>
          <CardHeading id={`${id}-list`}>Vouchers</CardHeading>
          {vouchers.isPending ? (
            <Spinner label="Loading journal vouchers" />
          ) : vouchers.isError ? (
            <EmptyState message={errorText(vouchers.error)}><Button onClick={() => void vouchers.refetch()}>Try again</Button></EmptyState>
          ) : vouchers.data.length === 0 ? (
            <EmptyState message="No journal vouchers yet" />
          ) : (
            vouchers.data.map((v) => (
              <Row key={v.id} type="button" onClick={() => { setIssues([]); setForm(fromVoucher(v)); }}>
                <span>
                  {v.voucherType} {v.voucherNumber ?? `#${v.id}`}{v.active ? '' : ' (cancelled)'}
                  <small>{formatDate(v.voucherDate)}{v.narration ? ` · ${v.narration}` : ''}</small>
                </span>
                <strong>{formatMoney(v.totalAmount)}</strong>
              </Row>
            ))
          )}
        </Card>
      </Main>
    </>
  );
}
