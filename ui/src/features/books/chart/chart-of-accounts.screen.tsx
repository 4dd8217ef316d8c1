import { ACCOUNT_GROUPS, ACCOUNT_TYPES, type Ledger, type LedgerBody, ledgersEntity, routes } from '@erp/contracts';
import { Coins, FolderOpen, Package } from 'lucide-react';

import { type BadgeTone, formValuesOf, type ListConfig } from '@/components/entity-config';
import { EntityListScreen } from '@/components/entity-list-screen';
import { ledgersResource } from '@/features/books/chart/ledgers.resource';
import { formatMoney } from '@/lib/format';

type Values = Record<string, unknown>;

const TYPE_LABELS: Record<(typeof ACCOUNT_TYPES)[number], string> = {
  asset: 'Asset', liability: 'Liability', equity: 'Capital', income: 'Income', expense: 'Expense',
};
const TONES: Record<string, BadgeTone> = { asset: 'blue', liability: 'yellow', equity: 'grey', income: 'green', expense: 'red' };
/** Which side an opening balance stands on, said with the amount. */
const side = (type: string) => (type === 'asset' || type === 'expense' ? 'Dr' : 'Cr');

const chartList: ListConfig<Ledger, Values, LedgerBody> = {
  title: 'Chart of Accounts',
  subtitle: 'The ledgers you add: bank accounts, expenses, loans',
  addLabel: 'Add Ledger',
  searchPlaceholder: 'Search ledgers...',
  backTo: { to: routes.module('accounting'), label: 'Back to Accounting' },
  empty: {
    searching: 'No ledgers found matching your search.',
    initial: 'No ledgers added yet. Cash, bank, sales, purchases, GST and the rest are already in the chart; add your own here.',
    initialAction: 'Add first ledger',
  },
  search: ledgersEntity.search,
  card: {
    title: (l) => l.accountName,
    badge: (l) => ({ label: TYPE_LABELS[l.accountType], tone: TONES[l.accountType] ?? 'grey' }),
    fields: [
      { label: 'Group', icon: FolderOpen, value: (l) => l.accountGroup, hideWhenEmpty: true },
      { label: 'Opening Balance', icon: Coins, value: (l) => (l.openingBalance && l.openingBalance !== '0.00' ? `${formatMoney(l.openingBalance)} ${side(l.accountType)}` : null), hideWhenEmpty: true },
      { label: 'Status', icon: Package, value: (l) => (l.active ? null : 'Inactive (not offered in vouchers)'), hideWhenEmpty: true },
    ],
  },
  resource: ledgersResource,
  form: {
    entityLabel: ledgersEntity.label,
    schema: ledgersEntity.body,
    titles: { create: 'Add Ledger', edit: 'Edit Ledger' },
    subtitles: { create: 'A new account in your books', edit: 'Update ledger details' },
    submitLabels: { create: 'Create Ledger', update: 'Update Ledger' },
    sections: [
      {
        title: 'Ledger Details',
        fields: [
          { name: 'accountName', label: 'Account Name', kind: 'text', required: true, placeholder: 'e.g. HDFC Current Account, Shop Rent' },
          { name: 'accountType', label: 'Account Type', kind: 'select', required: true, options: ACCOUNT_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] })) },
          { name: 'accountGroup', label: 'Account Group', kind: 'select', options: ACCOUNT_GROUPS.map((g) => ({ value: g, label: g })) },
          {
            name: 'openingBalance',
            label: 'Opening Balance',
            kind: 'money',
            placeholder: '0.00',
            hint: 'On the first day of this financial year: a debit for assets and expenses, a credit for the rest.',
          },
        ],
      },
    ],
    emptyValues: { accountName: '', accountType: '', accountGroup: '', openingBalance: '', active: true },
    toFormValues: (l) => formValuesOf(l, ledgersEntity.fieldNames),
  },
};

export function ChartOfAccountsScreen() {
  return <EntityListScreen config={chartList} />;
}
