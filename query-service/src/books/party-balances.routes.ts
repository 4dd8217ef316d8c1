import {
  asOfOf,
  BOOKS_PATHS,
  customersEntity,
  decimal,
  listTable,
  MSME_45_DAYS,
  type PartyBalances,
  sumMoney,
  toMoney,
  unpaidBills,
  type UnpaidBill,
  vendorsEntity,
} from '@erp/contracts';
import type Router from '@koa/router';
import type { Context } from 'koa';
import { sql } from 'kysely';

import { type ReadDeps, readsFrom, todayInIndia } from '../shared/read-your-writes';
import { BOOKS_READ_MODELS, journalLines } from './journal-sql';
import { AS_OF_PARAMS, reportQuery } from './ledger.routes';

const SIDES = {
  debtors: { account: 'debtors', entity: customersEntity, sign: 1 },
  creditors: { account: 'creditors', entity: vendorsEntity, sign: -1 },
} as const;

interface PartyRow {
  readonly party: string | null;
  readonly balance: string;
}

/**
 * Each party's balance on Sundry Debtors or Creditors as of a day, from the journal (so the total
 * is the balance sheet's figure): debtors as owed to us, creditors as we owe. Vendors carry their
 * MSME category; a micro or small one's bills unpaid beyond 45 days are listed and totalled.
 */
export const partyBalances = async (deps: ReadDeps, side: keyof typeof SIDES, asOf: string, recordedBy: string | null): Promise<PartyBalances> => {
  const { account, entity, sign } = SIDES[side];
  const when = sql`voucher_date <= ${asOf}::date ${recordedBy ? sql`and recorded_at <= ${recordedBy}::timestamptz` : sql``}`;
  const { rows } = await sql<PartyRow>`
    select party, sum(debit - credit)::text as balance from ${journalLines}
    where account = ${account} and ${when} group by party`.execute(deps.db);
  const msmeColumns = side === 'creditors' ? sql`, msme, udyam_number` : sql`, null as msme, null as udyam_number`;
  const { rows: names } = await sql<{ id: number; name: string; msme: string | null; udyam_number: string | null }>`
    select id, name ${msmeColumns} from ${sql.table(listTable(entity))}`.execute(deps.db);
  const byId = new Map(names.map((n) => [`${entity.singular}-${n.id}`, n]));
  const msmeParties = [...byId].filter(([, n]) => n.msme !== null && MSME_45_DAYS.includes(n.msme)).map(([party]) => party);
  const bills = await msmeBills(deps, msmeParties, when, asOf);
  const parties = rows
    .filter((r) => !decimal(r.balance).eq(0))
    .map((r) => {
      const known = r.party === null ? undefined : byId.get(r.party);
      const overdue = (r.party !== null && bills.get(r.party)) || [];
      return {
        party: r.party,
        name: known?.name ?? r.party ?? 'No party named',
        balance: toMoney(decimal(r.balance).times(sign)),
        ...(side === 'creditors' ? { msme: known?.msme ?? null, udyamNumber: known?.udyam_number ?? null, overdue45: sumMoney(overdue.map((b) => b.unpaid)), overdueBills: overdue } : {}),
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
  const msmeOverdue = side === 'creditors' ? { total: sumMoney(parties.map((p) => p.overdue45 ?? '0')), parties: parties.filter((p) => p.overdueBills && p.overdueBills.length > 0).length } : undefined;
  return { side, asOf, recordedBy, parties, total: sumMoney(parties.map((p) => p.balance)), ...(msmeOverdue ? { msmeOverdue } : {}) };
};

/** Micro and small vendors' bills unpaid beyond 45 days as of a day: each document's net on their ledger, settled oldest first. */
const msmeBills = async (deps: ReadDeps, parties: readonly string[], when: ReturnType<typeof sql>, asOf: string) => {
  const found = new Map<string, UnpaidBill[]>();
  if (parties.length === 0) return found;
  const { rows } = await sql<{ party: string; stream: string; date: string; number: string | null; amount: string }>`
    select party, stream,
      ((array_agg(voucher_date order by position desc) filter (where not reversal))[1])::text as date,
      (array_agg(voucher_number order by position desc))[1] as number,
      sum(credit - debit)::text as amount
    from ${journalLines} where account = 'creditors' and party = any(${parties}::text[]) and ${when}
    group by party, stream`.execute(deps.db);
  for (const party of parties) {
    const documents = rows.filter((r) => r.party === party && r.date !== null).map((r) => ({ date: r.date, number: r.number, amount: r.amount }));
    const overdue = unpaidBills(documents, asOf).filter((b) => b.overdue);
    if (overdue.length > 0) found.set(party, overdue);
  }
  return found;
};

export const partyBalanceRoutes = (router: Router, deps: ReadDeps) => {
  const reads = readsFrom(deps, [...BOOKS_READ_MODELS, listTable(customersEntity), listTable(vendorsEntity)]);
  for (const side of ['debtors', 'creditors'] as const) {
    router.get(BOOKS_PATHS[side], reads, async (ctx: Context) => {
      const query = reportQuery(ctx, AS_OF_PARAMS);
      ctx.body = await partyBalances(deps, side, asOfOf(query, todayInIndia(deps)), query.recordedBy);
    });
  }
};
