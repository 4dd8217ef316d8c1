import { type Account, type AccountBalance, type AccountType, type Chart, chartWith, decimal, type Decimal, isProfitAndLoss, ledgerCode, ledgersEntity, listTable, monthsOf, toMoney } from '@erp/contracts';
import { journalTable, type ReadDb } from '@erp/projections';
import { type RawBuilder, sql } from 'kysely';

/** Which journal lines count: dated in a range, and recorded by a moment if one is asked. */
export interface Window {
  readonly from?: string | null;
  readonly to: string;
  readonly recordedBy: string | null;
}

/** Every journal line, with its voucher's columns: `from ${journalLines}`. */
export const journalLines = sql`${sql.table(journalTable.name)} j cross join lateral jsonb_to_recordset(j.lines) as l(account text, party text, debit numeric, credit numeric)`;

export const windowWhere = (w: Window): RawBuilder<unknown> =>
  sql.join(
    [
      sql`voucher_date <= ${w.to}::date`,
      ...(w.from ? [sql`voucher_date >= ${w.from}::date`] : []),
      ...(w.recordedBy ? [sql`recorded_at <= ${w.recordedBy}::timestamptz`] : []),
    ],
    sql` and `,
  );

/** The read models the books' reports read: the journal, and the ledgers the business added. */
export const BOOKS_READ_MODELS = [journalTable.name, listTable(ledgersEntity)];

/** The chart of accounts: the fixed ledgers and the business's own (`ledger-N`), inactive ones too (they may have entries). */
export const chartOf = async (db: ReadDb): Promise<Chart> => {
  const { rows } = await sql<{ id: number; account_name: string; account_type: AccountType; account_group: string | null }>`
    select id, account_name, account_type, account_group from ${sql.table(listTable(ledgersEntity))} where not deleted order by id`.execute(db);
  return chartWith(rows.map((r): Account => ({ code: ledgerCode(r.id), accountName: r.account_name, accountType: r.account_type, accountGroup: r.account_group ?? '' })));
};

/** Debit and credit totals per account in a window, in the chart's order (accounts with none left out). */
export const accountTotals = async (db: ReadDb, chart: Chart, w: Window): Promise<AccountBalance[]> => {
  const { rows } = await sql<{ account: string; debit: string; credit: string }>`
    select account, sum(debit)::text as debit, sum(credit)::text as credit
    from ${journalLines} where ${windowWhere(w)} group by account`.execute(db);
  const byCode = new Map(rows.map((r) => [r.account, r]));
  return chart.accounts.flatMap((account) => {
    const r = byCode.get(account.code);
    if (!r) return [];
    const balance = toMoney(decimal(r.debit).minus(decimal(r.credit)));
    return [{ ...account, debit: toMoney(r.debit), credit: toMoney(r.credit), balance }];
  });
};

/**
 * Each month of a window with its income and expense ledgers' balances and Stock-in-Hand's
 * (debit − credit): every month, none left out (a checked period: at most 121 months).
 */
export const monthBalances = async (db: ReadDb, chart: Chart, w: Window & { from: string }): Promise<Map<string, Map<string, Decimal>>> => {
  const accounts = [...chart.accounts.filter((a) => isProfitAndLoss(a.accountType)).map((a) => a.code), 'stock-in-hand'];
  const { rows } = await sql<{ month: string; account: string; balance: string }>`
    select to_char(voucher_date, 'YYYY-MM') as month, account, sum(debit - credit)::text as balance
    from ${journalLines} where ${windowWhere(w)} and account = any(${accounts}::text[]) group by 1, 2`.execute(db);
  const byMonth = new Map(monthsOf(w.from, w.to).map((m) => [m, new Map<string, Decimal>()]));
  for (const r of rows) byMonth.get(r.month)!.set(r.account, decimal(r.balance));
  return byMonth;
};
