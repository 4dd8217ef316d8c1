import { BOOKS_PATHS, decimal, type PartyBalances, PartyBalancesSchema } from '@erp/contracts';

import { formatDate, formatMoney } from '@/lib/format';

import { type ReportConfig, ReportScreen } from './report-screen';
import { query } from './reports';

const money = (value: string | undefined) => (value && !decimal(value).eq(0) ? formatMoney(value) : '');

/** Debtors or creditors as of a day (a CA's 31 March list): the total is the balance sheet's. */
const partyBalances: ReportConfig<PartyBalances> = {
  title: 'Debtors and Creditors',
  subtitle: 'What each party owes or is owed as of a date',
  module: 'reports',
  dates: 'asOf',
  choices: [{ param: 'side', label: 'Show', useOptions: () => [{ value: 'debtors', label: 'Debtors (customers owe us)' }, { value: 'creditors', label: 'Creditors (we owe vendors)' }] }],
  path: (p) => `${p.side === 'creditors' ? BOOKS_PATHS.creditors : BOOKS_PATHS.debtors}${query(p, ['asOf'])}`,
  answer: PartyBalancesSchema,
  tables: (list, p) => {
    const creditors = p.side === 'creditors';
    const overdue = list.parties.flatMap((party) => (party.overdueBills ?? []).map((b) => ({ ...b, name: party.name })));
    return [
      {
        heading: creditors ? 'Creditors' : 'Debtors',
        summary: `Total ${formatMoney(list.total)}: as in the balance sheet`,
        columns: [{ label: 'Party' }, ...(creditors ? [{ label: 'MSME' }, { label: 'Over 45 days', numeric: true }] : []), { label: 'Balance', numeric: true }],
        rows: [
          ...list.parties.map((party) => ({ key: party.party ?? 'none', cells: [party.name, ...(creditors ? [party.msme ?? '', money(party.overdue45)] : []), formatMoney(party.balance)] })),
          { key: 'total', cells: ['Total', ...(creditors ? ['', money(list.msmeOverdue?.total)] : []), formatMoney(list.total)], strong: true },
        ],
      },
      // Income-tax Act s.43B(h): what a micro or small supplier is owed beyond 45 days is not allowed as an expense until paid.
      ...(creditors ? [{
        heading: 'Small suppliers unpaid over 45 days',
        summary: overdue.length === 0 ? 'None: nothing to add back (s.43B(h))' : `${formatMoney(list.msmeOverdue?.total ?? '0')} to pay, or it is added back to profit (s.43B(h))`,
        columns: [{ label: 'Vendor' }, { label: 'Bill' }, { label: 'Date' }, { label: 'Days', numeric: true }, { label: 'Unpaid', numeric: true }],
        rows: overdue.map((b, i) => ({ key: String(i), cells: [b.name, b.number ?? '', formatDate(b.date), String(b.days), formatMoney(b.unpaid)] })),
      }] : []),
    ];
  },
};

export function PartyBalancesScreen() {
  return <ReportScreen config={partyBalances} />;
}
