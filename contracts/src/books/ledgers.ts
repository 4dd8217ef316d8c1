import { active, money, requiredText, select } from '../fields';
import { masterDataEntity, type BodyOf, type RecordOf } from '../entity';
import { compareMoney } from '../money';
import { ACCOUNT_TYPES } from './accounts';
import { financialYearStart } from './reports';

/** Tally's primary groups (the ones a micro-business uses), for the ledgers a business adds. */
export const ACCOUNT_GROUPS = [
  'Bank Accounts',
  'Cash-in-Hand',
  'Current Assets',
  'Fixed Assets',
  'Investments',
  'Loans & Advances (Asset)',
  'Deposits (Asset)',
  'Capital Account',
  'Reserves & Surplus',
  'Current Liabilities',
  'Loans (Liability)',
  'Duties & Taxes',
  'Provisions',
  'Direct Expenses',
  'Indirect Expenses',
  'Direct Incomes',
  'Indirect Incomes',
  'Sales Accounts',
  'Purchase Accounts',
] as const;

/**
 * Ledgers a business adds to the chart of accounts (the seed's `ledgers`; issue 21): a second
 * bank account, electricity, shop rent, a loan. Each is posted to by its code, `ledger-N`, from
 * journal vouchers; its opening balance is posted on its natural side (assets and expenses debit,
 * the rest credit) against Temporary Opening, on the first day of the financial year it was added
 * in. Its balance (the seed's currentBalance) is the chart's: GET /api/accounting/accounts.
 */
export const ledgersEntity = masterDataEntity({
  module: 'accounting',
  plural: 'ledgers',
  singular: 'ledger',
  label: 'Ledger',
  path: '/api/accounting/ledger-accounts',
  canDelete: false,
  sortBy: 'accountName',
  search: { fields: ['accountName', 'accountGroup'] },
  fields: {
    accountName: requiredText('Account name is required'),
    accountType: select(ACCOUNT_TYPES, { required: true, error: 'Please select account type' }),
    accountGroup: select(ACCOUNT_GROUPS, { error: 'Please select a group from the list' }),
    openingBalance: money(),
    active: active(),
  },
  // Its opening balance, on the first day of the year it was added in (as the journal posts it):
  // what a lock of the books compares (issue 43). No opening balance: nothing posted.
  booksParts: (values, { addedOn }) => {
    const opening = typeof values.openingBalance === 'string' && compareMoney(values.openingBalance, 0) !== 0 ? values.openingBalance : null;
    return opening ? [{ date: financialYearStart(addedOn), postings: [values.accountType ?? null, opening] }] : [];
  },
});

export const LEDGER_CODE = /^ledger-([1-9]\d{0,9})$/;
export const ledgerCode = (id: number) => `ledger-${id}` as const;
export type LedgerCode = ReturnType<typeof ledgerCode>;

export type LedgerBody = BodyOf<typeof ledgersEntity>;
export type Ledger = RecordOf<typeof ledgersEntity>;
