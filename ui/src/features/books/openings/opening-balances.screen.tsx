import { accountOf, compareMoney, decimal, INVOICE_DOCUMENTS, OPENING_ACCOUNTS, OPENING_BALANCES_PATH, type OpeningSummary, routes } from '@erp/contracts';
import { Link } from 'react-router-dom';
import { useId, useState } from 'react';

import { Button } from '@/components/button';
import { EmptyState } from '@/components/empty-state';
import { Input } from '@/components/form-field';
import { Card, CardHeading, Main, Stack, TopBar } from '@/components/layout';
import { Spinner } from '@/components/spinner';
import { vendorsResource } from '@/features/purchase/vendors/vendors.resource';
import { customersResource } from '@/features/sales/customers/customers.resource';
import { isApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { formatDate, formatMoney } from '@/lib/format';
import { useMay } from '@/lib/session';
import { toast } from '@/lib/toast-store';

import { OpeningItemForm } from './opening-item-form';
import { useOpeningSummary, useSaveOpeningBalances } from './openings.queries';
import { Errors, Figures, Grid, Verdict } from './parts';

const KINDS = INVOICE_DOCUMENTS.filter((doc) => doc.opening);

/**
 * Opening balances (issue 43): what the business had on the day its books begin — the accounts'
 * balances, each open invoice and bill, opening stock — and whether they balance: Temporary
 * Opening is 0 when debits and credits agree; else the screen says what is left and what to check.
 */
export function OpeningBalancesScreen() {
  const id = useId();
  const summary = useOpeningSummary();
  const mayWrite = useMay('PUT', OPENING_BALANCES_PATH);
  const customers = customersResource.useList().data ?? [];
  const vendors = vendorsResource.useList().data ?? [];
  const top = <TopBar title="Opening Balances" subtitle="What you had when your books begin" back={{ to: routes.module('accounting'), label: 'Back to Accounting' }} />;
  if (summary.isPending) return <>{top}<Main><Spinner label="Loading the opening balances" /></Main></>;
  if (summary.isError) return <>{top}<Main><EmptyState message={errorText(summary.error)} /></Main></>;
  const { booksBegin } = summary.data;
  return (
    <>
      {top}
      <Main>
        <Stack $gap={16}>
          <p>
            {booksBegin ? `Your books begin on ${formatDate(booksBegin)}.` : 'Set the day your books begin first.'} <Link to={routes.settings}>Change it in Settings</Link>
            {summary.data.documentsBefore > 0 && ` ${summary.data.documentsBefore} documents are dated before it: they still count in the books.`}
          </p>
          <Card aria-labelledby={`${id}-check`}>
            <CardHeading id={`${id}-check`}>Do they balance?</CardHeading>
            <Check summary={summary.data} />
          </Card>
          {booksBegin && mayWrite && (
            <>
              <Card aria-labelledby={`${id}-accounts`}>
                <CardHeading id={`${id}-accounts`}>Accounts</CardHeading>
                <AccountsForm key={JSON.stringify(summary.data.lines)} lines={summary.data.lines} />
              </Card>
              {KINDS.map((doc) => (
                <Card key={doc.stream} aria-labelledby={`${id}-${doc.stream}`}>
                  <CardHeading id={`${id}-${doc.stream}`}>{doc.opening!.label}s</CardHeading>
                  <p>Each {doc.side === 'sales' ? 'invoice a customer still owes' : 'bill you still owe'} on that day, from your old books.</p>
                  <OpeningItemForm doc={doc} parties={doc.side === 'sales' ? customers : vendors} booksBegin={booksBegin} />
                </Card>
              ))}
              <Card aria-labelledby={`${id}-stock`}>
                <CardHeading id={`${id}-stock`}>Opening stock</CardHeading>
                <p>
                  For each item: a <Link to={routes.task('inventory', 'stock-adjustments')}>stock adjustment</Link> that increases it, dated {formatDate(booksBegin)},
                  reason Opening Stock, with its quantity and cost per unit.
                </p>
              </Card>
            </>
          )}
        </Stack>
      </Main>
    </>
  );
}

/** Each source's debits and credits, the totals, and what is left in Temporary Opening. */
function Check({ summary }: { summary: OpeningSummary }) {
  const left = decimal(summary.difference).abs();
  return (
    <Stack $gap={10}>
      <Figures label="Openings by source">
        <table>
          <thead><tr><th>Opening</th><th>Dr</th><th>Cr</th></tr></thead>
          <tbody>
            {summary.sources.map((s) => <tr key={s.label}><td>{s.label} ({s.count})</td><td>{formatMoney(s.debit)}</td><td>{formatMoney(s.credit)}</td></tr>)}
            <tr><th>Total</th><th>{formatMoney(summary.totalDebit)}</th><th>{formatMoney(summary.totalCredit)}</th></tr>
          </tbody>
        </table>
      </Figures>
      <p>Opening balance account: {formatMoney(left)}{summary.balanced ? '' : compareMoney(summary.difference, 0) > 0 ? ' Cr' : ' Dr'}</p>
      <Verdict role="status" $balanced={summary.balanced}>{summary.balanced && summary.sources.length > 0 ? 'Balanced. ' : ''}{summary.explanation}</Verdict>
    </Stack>
  );
}

type Amounts = Record<string, { debit: string; credit: string }>;

/** Every balance-sheet account typed as a lump, with its debit or credit on that day. */
function AccountsForm({ lines }: { lines: OpeningSummary['lines'] }) {
  const id = useId();
  const shown = (v: string) => (v === '0.00' ? '' : v);
  const [amounts, setAmounts] = useState<Amounts>(Object.fromEntries(lines.map((l) => [l.account, { debit: shown(l.debit), credit: shown(l.credit) }])));
  const [issues, setIssues] = useState<string[]>([]);
  const save = useSaveOpeningBalances();
  const set = (account: string, side: 'debit' | 'credit', value: string) => setAmounts({ ...amounts, [account]: { debit: '', credit: '', ...amounts[account], [side]: value } });
  const submit = () => {
    const body = { lines: Object.entries(amounts).filter(([, a]) => a.debit || a.credit).map(([account, a]) => ({ account: account as never, debit: a.debit, credit: a.credit })) };
    save.mutate(body, {
      onSuccess: () => { toast({ title: 'Success', description: 'Opening balances saved' }); setIssues([]); },
      onError: (error) => setIssues(isApiError(error, 400) ? error.issues.map((i) => `${accountOf(body.lines[Number(/^lines\.(\d+)/.exec(i.path)?.[1])]?.account ?? '')?.accountName ?? 'Accounts'}: ${i.message}`) : [errorText(error)]),
    });
  };
  return (
    <form aria-label="Accounts" noValidate onSubmit={(e) => { e.preventDefault(); submit(); }}>
      <Stack $gap={12}>
        <p>Debit what you own (cash, bank), credit what you owe and your capital.</p>
        {OPENING_ACCOUNTS.map((a) => (
          <Grid key={a.code} role="group" aria-label={a.accountName}>
            <strong>{a.accountName}</strong>
            <div>
              <label htmlFor={`${id}-${a.code}-dr`}>Dr</label>
              <Input id={`${id}-${a.code}-dr`} inputMode="decimal" value={amounts[a.code]?.debit ?? ''} onChange={(e) => set(a.code, 'debit', e.target.value)} />
            </div>
            <div>
              <label htmlFor={`${id}-${a.code}-cr`}>Cr</label>
              <Input id={`${id}-${a.code}-cr`} inputMode="decimal" value={amounts[a.code]?.credit ?? ''} onChange={(e) => set(a.code, 'credit', e.target.value)} />
            </div>
          </Grid>
        ))}
        {issues.length > 0 && <Errors role="alert">{issues.map((issue) => <li key={issue}>{issue}</li>)}</Errors>}
        <Button type="submit" disabled={save.isPending}>{save.isPending ? 'Saving...' : 'Save Accounts'}</Button>
      </Stack>
    </form>
  );
}
