import { BANK_RECONCILIATION_PATHS, routes } from '@erp/contracts';
import { useId, useState } from 'react';

import { EmptyState } from '@/components/empty-state';
import { FieldShell, Select } from '@/components/form-field';
import { Card, CardHeading, Main, Stack, TopBar } from '@/components/layout';
import { Spinner } from '@/components/spinner';
import { errorText } from '@/lib/error-text';
import { formatDate } from '@/lib/format';
import { useMay } from '@/lib/session';

import { useBankAccounts } from './bank-reconciliation.queries';
import { Matching } from './matching';
import { ReconciliationStatement } from './reconciliation-statement';
import { StatementImport } from './statement-import';

/**
 * Bank reconciliation (issue 43 item 5): choose the bank ledger, import its statement, confirm
 * the matches, and read the reconciliation statement as of any day.
 */
export function BankReconciliationScreen() {
  const id = useId();
  const accounts = useBankAccounts();
  const [chosen, setChosen] = useState<string | null>(null);
  const mayWrite = useMay('POST', BANK_RECONCILIATION_PATHS.statements('bank'));
  const back = { to: routes.module('banking'), label: 'Back to Banking' };
  const top = <TopBar title="Bank Reconciliation" subtitle="Match the bank's statement to the books" back={back} />;
  if (accounts.isPending) return <>{top}<Main><Spinner label="Loading the bank accounts" /></Main></>;
  if (accounts.isError) return <>{top}<Main><EmptyState message={errorText(accounts.error)} /></Main></>;
  const account = accounts.data.find((a) => a.account === chosen) ?? accounts.data[0]!;
  return (
    <>
      {top}
      <Main>
        <Stack $gap={16}>
          {accounts.data.length > 1 && (
            <FieldShell id={`${id}-account`} label="Bank account">
              <Select id={`${id}-account`} value={account.account} onChange={(e) => setChosen(e.target.value)}>
                {accounts.data.map((a) => <option key={a.account} value={a.account}>{a.accountName}</option>)}
              </Select>
            </FieldShell>
          )}
          <p>
            {account.lines === 0 ? `No statement imported for ${account.accountName} yet.` : `${account.lines} statement lines up to ${formatDate(account.lastStatementDate)}; ${account.unmatched} to match.`}
          </p>
          {mayWrite && (
            <Card aria-labelledby={`${id}-import`}>
              <CardHeading id={`${id}-import`}>Import a statement</CardHeading>
              <StatementImport key={account.account} account={account.account} saved={account.format} />
            </Card>
          )}
          <Card aria-labelledby={`${id}-statement`}>
            <CardHeading id={`${id}-statement`}>Reconciliation statement</CardHeading>
            <ReconciliationStatement account={account.account} />
          </Card>
          <Card aria-label="Matching">
            <Matching account={account.account} mayMatch={mayWrite} />
          </Card>
        </Stack>
      </Main>
    </>
  );
}
