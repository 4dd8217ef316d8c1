import {
  AccountBalancesSchema,
  AgeingSchema,
  api,
  BOOKS_PATHS,
  DayBookSchema,
  decimal,
  LedgerAnswerSchema,
  type LedgerEntry,
  RegisterSchema,
  type RegisterRow,
  StatementSchema,
  TrialBalanceAnswerSchema,
} from '@erp/contracts';
import { z } from 'zod';

import { useAccountOptions } from '@/features/books/chart/chart.queries';
import { customersResource } from '@/features/sales/customers/customers.resource';
import { vendorsResource } from '@/features/purchase/vendors/vendors.resource';
import { formatDate, formatMoney } from '@/lib/format';

import { lowestBelowZero } from './lowest-balance';
import type { ReportConfig, ReportTable } from './report-screen';

/** A ledger's lines as a report shows them: a ledger, a cash or bank book, a party's statement. */
interface Ledger { readonly opening: string; readonly entries: readonly LedgerEntry[]; readonly closing: string }

export const query = (params: Readonly<Record<string, string>>, names: readonly string[]) =>
  `?${names.filter((n) => params[n]).map((n) => `${n}=${encodeURIComponent(params[n]!)}`).join('&')}`;

const money = (value: string | null | undefined) => (value && !decimal(value).eq(0) ? formatMoney(value) : '');
/** A balance on its side: '₹1,822.00 Dr', '₹105.00 Cr'. */
const drCr = (balance: string) => {
  const b = decimal(balance);
  return b.eq(0) ? '₹0.00' : `${formatMoney(b.abs())} ${b.gt(0) ? 'Dr' : 'Cr'}`;
};
const voucher = (e: Pick<LedgerEntry, 'voucherType' | 'voucherNumber'>) => `${e.voucherType}${e.voucherNumber ? ` ${e.voucherNumber}` : ''}`;

const ledgerTable = (heading: string, ledger: Ledger): ReportTable => ({
  heading,
  summary: `Opening ${drCr(ledger.opening)} · Closing ${drCr(ledger.closing)}`,
  columns: [{ label: 'Date' }, { label: 'Voucher' }, { label: 'Debit', numeric: true }, { label: 'Credit', numeric: true }, { label: 'Balance', numeric: true }],
  rows: [
    { key: 'opening', cells: ['', 'Opening balance', '', '', drCr(ledger.opening)], strong: true },
    ...ledger.entries.map((e, i) => ({ key: String(i), cells: [formatDate(e.date), voucher(e), money(e.debit), money(e.credit), drCr(e.balance)] })),
    { key: 'closing', cells: ['', 'Closing balance', '', '', drCr(ledger.closing)], strong: true },
  ],
});

export const trialBalance: ReportConfig<z.output<typeof TrialBalanceAnswerSchema>> = {
  title: 'Trial Balance',
  subtitle: 'Balances of every ledger as of a date',
  module: 'accounting',
  dates: 'asOf',
  path: (p) => `${BOOKS_PATHS.trialBalance}${query(p, ['asOf'])}&compare=previous-year`,
  answer: TrialBalanceAnswerSchema,
  tables: (tb) => {
    const prev = tb.previous;
    const before = (code: string) => drCr(prev?.rows.find((r) => r.code === code)?.balance ?? '0');
    const gone = prev?.rows.filter((p) => !tb.rows.some((r) => r.code === p.code)) ?? [];
    return [{
      heading: 'Trial balance',
      // Stock at cost is not a ledger's balance: said beside the trial balance, as Tally does.
      summary: `Income and expenses from ${formatDate(tb.financialYearFrom)}; years before in Profit and Loss Account. Closing stock ${formatMoney(tb.closingStock)} (at cost, not a ledger balance)`,
      columns: [{ label: 'Ledger' }, { label: 'Group' }, { label: 'Debit', numeric: true }, { label: 'Credit', numeric: true }, ...(prev ? [{ label: 'Year before', numeric: true }] : [])],
      rows: [
        ...tb.rows.map((r) => ({ key: r.code, cells: [r.accountName, r.accountGroup, money(r.debit), money(r.credit), ...(prev ? [before(r.code)] : [])] })),
        ...gone.map((r) => ({ key: r.code, cells: [r.accountName, r.accountGroup, '', '', before(r.code)] })),
        { key: 'total', cells: ['Total', '', formatMoney(tb.totalDebit), formatMoney(tb.totalCredit), ...(prev ? [formatMoney(prev.totalDebit)] : [])], strong: true },
      ],
    }];
  },
};

/** A ledger's lines when one is chosen, else the chart of accounts with balances. */
const LedgersAnswer = z.union([LedgerAnswerSchema, AccountBalancesSchema]);

export const ledgers: ReportConfig<z.output<typeof LedgersAnswer>> = {
  title: 'Ledgers',
  subtitle: 'Chart of accounts with balances; choose one to see its entries',
  module: 'accounting',
  dates: 'period',
  choices: [{ param: 'account', label: 'Ledger', useOptions: useAccountOptions }],
  path: (p) => (p.account ? `${BOOKS_PATHS.ledger(p.account)}${query(p, ['from', 'to'])}` : `${BOOKS_PATHS.accounts}?asOf=${p.to}`),
  answer: LedgersAnswer,
  tables: (data) => {
    if (!Array.isArray(data)) return [ledgerTable(data.accountName, data)];
    return [{
      heading: 'Chart of accounts',
      columns: [{ label: 'Ledger' }, { label: 'Group' }, { label: 'Balance', numeric: true }],
      rows: data.map((r) => ({ key: r.code, cells: [r.accountName, r.accountGroup, drCr(r.balance)] })),
    }];
  },
};

const book = (title: string, subtitle: string, module: string, account: 'cash' | 'bank'): ReportConfig<z.output<typeof LedgerAnswerSchema>> => ({
  title,
  subtitle,
  module,
  dates: 'period',
  path: (p) => `${BOOKS_PATHS.ledger(account)}${query(p, ['from', 'to'])}`,
  answer: LedgerAnswerSchema,
  tables: (ledger) => {
    const table = ledgerTable(title, ledger);
    const low = account === 'cash' ? lowestBelowZero([{ date: ledger.from, balance: ledger.opening }, ...ledger.entries.map((e) => ({ date: e.date, balance: e.balance }))]) : null;
    // Cash in hand cannot be below zero: when the books say it was, the cash book says so (issue 43).
    return [low ? { ...table, summary: `${table.summary} · Below zero on ${formatDate(low.date)} (${formatMoney(low.balance)}): a payment recorded in cash that went through the bank, or cash received and not recorded?` } : table];
  },
});

export const cashBook = book('Cash Book', 'Cash in and out, with the balance in hand', 'payments', 'cash');
export const bankBook = book('Bank Book', 'Money through the bank: receipts and payments not in cash', 'banking', 'bank');

export const dayBook: ReportConfig<z.output<typeof DayBookSchema>> = {
  title: 'Day Book',
  subtitle: 'Every entry of a day or a period, voucher by voucher',
  module: 'accounting',
  dates: 'period',
  path: (p) => `${BOOKS_PATHS.dayBook}${query(p, ['from', 'to'])}`,
  answer: DayBookSchema,
  tables: (day) => {
    return [{
      heading: day.truncated ? 'Day book (the first 5,000 lines: choose a shorter period for the rest)' : 'Day book',
      columns: [{ label: 'Date' }, { label: 'Voucher' }, { label: 'Ledger' }, { label: 'Debit', numeric: true }, { label: 'Credit', numeric: true }],
      rows: day.entries.map((e, i) => ({ key: String(i), cells: [formatDate(e.date), voucher(e), e.accountName, money(e.debit), money(e.credit)] })),
    }];
  },
  // For the CA (issue 43): the whole period's day book and ledgers as files, and the audit trail (the owner's).
  files: (p) => [
    { label: 'Day book (CSV)', href: `${BOOKS_PATHS.dayBookExport}${query(p, ['from', 'to'])}&format=csv` },
    { label: 'Day book (PDF)', href: `${BOOKS_PATHS.dayBookExport}${query(p, ['from', 'to'])}&format=pdf`, more: true },
    { label: 'Ledgers (CSV)', href: `${BOOKS_PATHS.ledgersExport}${query(p, ['from', 'to'])}&format=csv`, more: true },
    { label: 'Ledgers (PDF)', href: `${BOOKS_PATHS.ledgersExport}${query(p, ['from', 'to'])}&format=pdf`, more: true },
    { label: 'Audit trail (CSV, owner only)', href: `${api.activityExport}${query(p, ['from', 'to'])}`, more: true },
  ],
};

const useParties = () => {
  const customers = customersResource.useList().data ?? [];
  const vendors = vendorsResource.useList().data ?? [];
  return [
    ...customers.filter((c) => c.active !== false).map((c) => ({ value: `customer-${c.id}`, label: `${c.name} (customer)` })),
    ...vendors.filter((v) => v.active !== false).map((v) => ({ value: `vendor-${v.id}`, label: `${v.name} (vendor)` })),
  ];
};

export const statements: ReportConfig<z.output<typeof StatementSchema>> = {
  title: 'Statements',
  subtitle: "A customer's or vendor's account for a period",
  module: 'reports',
  dates: 'period',
  choices: [{ param: 'party', label: 'Customer or vendor', useOptions: useParties }],
  choose: 'Choose a customer or vendor to see their statement',
  path: (p) => (p.party ? `${BOOKS_PATHS.statement(p.party)}${query(p, ['from', 'to'])}` : null),
  files: (p) => [{ label: 'Download PDF', href: `${BOOKS_PATHS.statement(p.party!)}/pdf${query(p, ['from', 'to'])}` }],
  answer: StatementSchema,
  tables: (s) => [ledgerTable(`${s.name}: ${formatDate(s.from)} to ${formatDate(s.to)}`, s)],
};

export const ageing: ReportConfig<z.output<typeof AgeingSchema>> = {
  title: 'Ageing',
  subtitle: 'Who owes what, and for how long past due',
  module: 'reports',
  dates: 'asOf',
  choices: [{ param: 'side', label: 'Show', useOptions: () => [{ value: 'receivable', label: 'Receivables (customers owe us)' }, { value: 'payable', label: 'Payables (we owe vendors)' }] }],
  path: (p) => `${BOOKS_PATHS.ageing}?side=${p.side || 'receivable'}&asOf=${p.asOf}`,
  answer: AgeingSchema,
  tables: (a) => {
    const credits = a.parties.flatMap((p) => p.credits.map((c) => ({ key: `${p.party}-${c.stream}`, cells: [p.name, `${c.kind} ${c.number}`, formatDate(c.date), formatMoney(c.amount)] })));
    return [
      {
        heading: 'By party',
        columns: [{ label: 'Party' }, ...a.buckets.map((b) => ({ label: b.label, numeric: true })), { label: 'On account', numeric: true }, { label: 'Total', numeric: true }],
        rows: [
          ...a.parties.map((p) => ({ key: p.party, cells: [p.name, ...a.buckets.map((b) => money(p.buckets[b.key])), money(p.onAccount), formatMoney(p.total)] })),
          { key: 'total', cells: ['Total', ...a.buckets.map((b) => money(a.totals[b.key])), money(a.onAccount), formatMoney(a.total)], strong: true },
        ],
      },
      {
        heading: 'Still due',
        columns: [{ label: 'Party' }, { label: 'Document' }, { label: 'Due' }, { label: 'Days past due', numeric: true }, { label: 'Balance due', numeric: true }],
        rows: a.parties.flatMap((p) => p.invoices.map((i) => ({ key: `${p.party}-${i.stream}`, cells: [p.name, `${i.kind} ${i.number}`, formatDate(i.dueDate), String(i.daysPastDue), formatMoney(i.balanceDue)] }))),
      },
      ...(credits.length > 0
        ? [{ heading: 'On account (paid ahead, or credit not used yet)', columns: [{ label: 'Party' }, { label: 'Document' }, { label: 'Date' }, { label: 'Amount', numeric: true }], rows: credits }]
        : []),
    ];
  },
};

const register = (title: string, subtitle: string, path: string): ReportConfig<z.output<typeof RegisterSchema>> => ({
  title,
  subtitle,
  module: 'reports',
  dates: 'period',
  path: (p) => `${path}${query(p, ['from', 'to'])}`,
  answer: RegisterSchema,
  tables: (r) => {
    const amount = (v: string) => (decimal(v).eq(0) ? '' : formatMoney(v));
    const showOther = r.totals.otherTax !== '0.00';
    const cells = (row: Pick<RegisterRow, 'taxableValue' | 'cgst' | 'sgst' | 'igst' | 'otherTax' | 'total'>) => [
      amount(row.taxableValue), amount(row.cgst), amount(row.sgst), amount(row.igst), ...(showOther ? [amount(row.otherTax)] : []), formatMoney(row.total),
    ];
    return [{
      heading: r.truncated ? `${title} (the first 5,000 documents: choose a shorter period for the rest; the totals count them all)` : title,
      summary: `${r.totals.count.toLocaleString('en-IN')} documents, ${formatMoney(r.totals.total)} in all (taxable ${formatMoney(r.totals.taxableValue)})`,
      columns: [
        { label: 'Date' }, { label: 'Document' }, { label: 'Party' }, { label: 'GSTIN' },
        { label: 'Taxable value', numeric: true }, { label: 'CGST', numeric: true }, { label: 'SGST', numeric: true }, { label: 'IGST', numeric: true },
        ...(showOther ? [{ label: 'Other tax', numeric: true }] : []), { label: 'Total', numeric: true },
      ],
      rows: [
        ...r.rows.map((row, i) => ({ key: String(i), cells: [formatDate(row.date), `${row.kind} ${row.number}`, row.partyName, row.gstin ?? '', ...cells(row)] })),
        { key: 'total', cells: ['Total', '', '', '', ...cells(r.totals)], strong: true },
      ],
    }];
  },
});
export const salesRegister = register('Sales Register', 'Every sales invoice and credit note of a period, with its tax', BOOKS_PATHS.salesRegister);
export const purchaseRegister = register('Purchase Register', 'Every purchase invoice and debit note of a period, with its tax', BOOKS_PATHS.purchaseRegister);
