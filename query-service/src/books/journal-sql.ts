import { ACCOUNTS, type AccountBalance, decimal, toMoney } from '@erp/contracts';
import type { AnyDb } from '@erp/eventstore';
import { journalTable } from '@erp/projections';
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

/** Debit and credit totals per account in a window, in the chart's order (accounts with none left out). */
export const accountTotals = async (db: AnyDb, w: Window): Promise<AccountBalance[]> => {
  const { rows } = await sql<{ account: string; debit: string; credit: string }>`
    select account, sum(debit)::text as debit, sum(credit)::text as credit
    from ${journalLines} where ${windowWhere(w)} group by account`.execute(db);
  const byCode = new Map(rows.map((r) => [r.account, r]));
  return ACCOUNTS.flatMap((account) => {
    const r = byCode.get(account.code);
    if (!r) return [];
    const balance = toMoney(decimal(r.debit).minus(decimal(r.credit)));
    return [{ ...account, debit: toMoney(r.debit), credit: toMoney(r.credit), balance }];
  });
};
