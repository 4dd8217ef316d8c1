import { asOfOf, BOOKS_PATHS, customersEntity, listTable, snakeCase, purchaseInvoices, salesInvoices, sumMoney, toMoney, validationError, vendorsEntity } from '@erp/contracts';
import type Router from '@koa/router';
import type { Context } from 'koa';
import { sql } from 'kysely';

import { type ReadDeps, readsFrom } from '../shared/read-your-writes';
import { reportQuery } from './ledger.routes';

/** The buckets of days past due (GST-AND-BOOKS §6: ERPNext's 0-30 … above 120). */
export const AGEING_BUCKETS = [
  { key: 'notDue', label: 'Not due', upTo: 0 },
  { key: 'd30', label: '1–30 days', upTo: 30 },
  { key: 'd60', label: '31–60 days', upTo: 60 },
  { key: 'd90', label: '61–90 days', upTo: 90 },
  { key: 'd120', label: '91–120 days', upTo: 120 },
  { key: 'over120', label: 'Over 120 days', upTo: Infinity },
] as const;
type BucketKey = (typeof AGEING_BUCKETS)[number]['key'];

const bucketOf = (daysPastDue: number): BucketKey => AGEING_BUCKETS.find((b) => daysPastDue <= b.upTo)!.key;

/**
 * Receivables (customers' invoices) or payables (bills) still due, by party and by how long past
 * their due date (the invoice date when none was set) as of a date: invoices dated after it are
 * left out. Each party lists its invoices for the drill-down.
 */
/** Balances due by party and bucket as of a date (the ageing report's figures). */
export const ageingOf = async (deps: ReadDeps, side: 'receivable' | 'payable', asOf: string) => {
  const doc = side === 'receivable' ? salesInvoices : purchaseInvoices;
  const parties = side === 'receivable' ? customersEntity : vendorsEntity;
  const partyColumn = sql.ref(`i.${snakeCase(doc.party.field)}`);
  const { rows } = await sql<{ id: number; party_id: number; name: string | null; number: string; date: string; due: string; balance: string; days: number }>`
    select i.id, ${partyColumn} as party_id, p.name, i.invoice_number as number, i.invoice_date::text as date,
           coalesce(i.due_date, i.invoice_date)::text as due, i.balance_due::text as balance,
           (${asOf}::date - coalesce(i.due_date, i.invoice_date)) as days
    from ${sql.table(doc.listTable)} i
    left join ${sql.table(listTable(parties))} p on p.id = ${partyColumn}
    where i.active and i.balance_due > 0 and i.invoice_date <= ${asOf}::date
    order by p.name nulls last, party_id, i.invoice_date, i.id`.execute(deps.db);
  const byParty = new Map<number, { partyId: number; name: string; invoices: { id: number; number: string; date: string; dueDate: string; daysPastDue: number; bucket: BucketKey; balanceDue: string }[] }>();
  for (const r of rows) {
    const entry = byParty.get(r.party_id) ?? { partyId: r.party_id, name: r.name ?? `#${r.party_id}`, invoices: [] };
    entry.invoices.push({ id: r.id, number: r.number, date: r.date, dueDate: r.due, daysPastDue: Math.max(0, r.days), bucket: bucketOf(r.days), balanceDue: toMoney(r.balance) });
    byParty.set(r.party_id, entry);
  }
  const sumBuckets = (invoices: readonly { bucket: BucketKey; balanceDue: string }[]) =>
    Object.fromEntries(AGEING_BUCKETS.map((b) => [b.key, sumMoney(invoices.filter((i) => i.bucket === b.key).map((i) => i.balanceDue))])) as Record<BucketKey, string>;
  const partiesOut = [...byParty.values()].map((p) => ({ ...p, party: `${doc.party.singular}-${p.partyId}`, total: sumMoney(p.invoices.map((i) => i.balanceDue)), buckets: sumBuckets(p.invoices) }));
  const all = partiesOut.flatMap((p) => p.invoices);
  return { side, asOf, buckets: AGEING_BUCKETS.map((b) => ({ key: b.key, label: b.label })), parties: partiesOut, totals: sumBuckets(all), total: sumMoney(all.map((i) => i.balanceDue)) };
};

export const ageingRoutes = (router: Router, deps: ReadDeps) => {
  router.get(BOOKS_PATHS.ageing, readsFrom(deps, [salesInvoices.listTable, purchaseInvoices.listTable]), async (ctx: Context) => {
    const side = ctx.query.side ?? 'receivable';
    if (side !== 'receivable' && side !== 'payable') throw validationError('Invalid query', [{ path: 'side', message: 'Side must be receivable or payable' }]);
    const query = reportQuery(ctx);
    ctx.body = await ageingOf(deps, side, asOfOf(query, (deps.clock?.() ?? new Date()).toISOString().slice(0, 10)));
  });
};
