/**
 * The chart of accounts every business starts with (the seed's `ledgers`: accountName,
 * accountType, accountGroup; Tally's groups). Documents post to these by code; a customer's or a
 * vendor's own ledger is its control account (Sundry Debtors, Sundry Creditors) with the party
 * named on the line.
 */
export const ACCOUNT_TYPES = ['asset', 'liability', 'equity', 'income', 'expense'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export interface Account {
  readonly code: string;
  readonly accountName: string;
  readonly accountType: AccountType;
  readonly accountGroup: string;
}

const account = (code: string, accountName: string, accountType: AccountType, accountGroup: string): Account => ({ code, accountName, accountType, accountGroup });

export const ACCOUNTS = [
  account('cash', 'Cash in Hand', 'asset', 'Cash-in-Hand'),
  account('bank', 'Bank Accounts', 'asset', 'Bank Accounts'),
  account('debtors', 'Sundry Debtors', 'asset', 'Sundry Debtors'),
  account('stock-in-hand', 'Stock-in-Hand', 'asset', 'Stock-in-Hand'),
  account('input-cgst', 'Input CGST', 'asset', 'Duties & Taxes'),
  account('input-sgst', 'Input SGST', 'asset', 'Duties & Taxes'),
  account('input-igst', 'Input IGST', 'asset', 'Duties & Taxes'),
  account('input-tax', 'Input Tax (typed by hand)', 'asset', 'Duties & Taxes'),
  account('creditors', 'Sundry Creditors', 'liability', 'Sundry Creditors'),
  account('capital', 'Capital Account', 'equity', 'Capital Account'),
  account('temporary-opening', 'Temporary Opening', 'equity', 'Capital Account'),
  account('loans', 'Loans', 'liability', 'Loans (Liability)'),
  account('output-cgst', 'Output CGST', 'liability', 'Duties & Taxes'),
  account('output-sgst', 'Output SGST', 'liability', 'Duties & Taxes'),
  account('output-igst', 'Output IGST', 'liability', 'Duties & Taxes'),
  account('output-tax', 'Output Tax (typed by hand)', 'liability', 'Duties & Taxes'),
  account('rcm-payable', 'GST Payable on Reverse Charge', 'liability', 'Duties & Taxes'),
  account('salaries-payable', 'Salaries Payable', 'liability', 'Current Liabilities'),
  account('salary-deductions-payable', 'Salary Deductions Payable', 'liability', 'Current Liabilities'),
  account('sales', 'Sales', 'income', 'Sales Accounts'),
  account('sales-returns', 'Sales Returns', 'income', 'Sales Accounts'),
  account('purchases', 'Purchases', 'expense', 'Purchase Accounts'),
  account('purchase-returns', 'Purchase Returns', 'expense', 'Purchase Accounts'),
  account('stock-adjustment', 'Stock Adjustment', 'expense', 'Direct Expenses'),
  account('round-off', 'Round Off', 'expense', 'Indirect Expenses'),
  account('salaries', 'Salaries', 'expense', 'Indirect Expenses'),
  account('rent', 'Rent', 'expense', 'Indirect Expenses'),
  account('general-expenses', 'General Expenses', 'expense', 'Indirect Expenses'),
  // Issue 45: the heads a shop's day-to-day expenses are booked under.
  account('electricity', 'Electricity & Power', 'expense', 'Indirect Expenses'),
  account('transport', 'Transport & Freight', 'expense', 'Indirect Expenses'),
  account('shop-supplies', 'Shop Supplies', 'expense', 'Indirect Expenses'),
  account('wages', 'Wages & Other Staff Costs', 'expense', 'Indirect Expenses'),
  account('repairs', 'Repairs & Maintenance', 'expense', 'Indirect Expenses'),
  account('telephone', 'Telephone & Internet', 'expense', 'Indirect Expenses'),
  account('other-income', 'Other Income', 'income', 'Indirect Incomes'),
] as const satisfies readonly Account[];

export type AccountCode = (typeof ACCOUNTS)[number]['code'];

const BY_CODE = new Map<string, Account>(ACCOUNTS.map((a) => [a.code, a]));
/** One of the fixed ledgers; a business's own ledgers (`ledger-N`) are in its chart (see `chartWith`). */
export const accountOf = (code: string): Account | undefined => BY_CODE.get(code);

/** The whole chart: the fixed ledgers, then the ones the business added, found by code. */
export interface Chart {
  readonly accounts: readonly Account[];
  readonly of: (code: string) => Account | undefined;
}

export const chartWith = (added: readonly Account[]): Chart => {
  const accounts = [...ACCOUNTS, ...added];
  const byCode = new Map<string, Account>(accounts.map((a) => [a.code, a]));
  return { accounts, of: (code) => byCode.get(code) };
};

/** Income and expense close into profit and loss; the rest stand in the balance sheet. */
export const isProfitAndLoss = (type: AccountType) => type === 'income' || type === 'expense';
