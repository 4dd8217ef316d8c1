import { AGEING_BUCKETS, type Ageing, asOfOf, BOOKS_PATHS, type BucketKey, customersEntity, INVOICE_DOCUMENTS, listTable, sumMoney, toMoney, validationError, vendorsEntity } from '@erp/contracts';
import { journalTable, partyAllocationsTable } from '@erp/projections';
import type Router from '@koa/router';
import type { Context } from 'koa';
import { sql } from 'kysely';

import { type ReadDeps, readsFrom, todayInIndia } from '../shared/read-your-writes';
import { documentsAsRecorded } from './documents-as-recorded';
import { AS_OF_PARAMS, reportQuery } from './ledger.routes';

const bucketOf = (daysPastDue: number): BucketKey => AGEING_BUCKETS.find((b) => daysPastDue <= b.upTo)!.key;

const SIDES = {
  receivable: { account: 'debtors', sign: 1, party: customersEntity, docs: INVOICE_DOCUMENTS.filter((d) => d.side === 'sales' && !d.against && d.owed !== false) },
  payable: { account: 'creditors', sign: -1, party: vendorsEntity, docs: INVOICE_DOCUMENTS.filter((d) => d.side === 'purchase' && !d.against && d.owed !== false) },
} as const;

/** The read models the ageing reads. */
export const AGEING_READ_MODELS = [journalTable.name, partyAllocationsTable.name, ...INVOICE_DOCUMENTS.map((d) => d.listTable)];

interface OpenRow { party: string; stream: string; kind: string; number: string | null; date: string; open: string }

/**
 * Each document's open amount with a party on a date (issue 42): what it posted to the party's
 * ledger (the journal) up to then, less what settles it and was in place then. A share (a
 * receipt's line, a note's credit, an advance applied, a refund drawn on a credit) counts from
 * the later of its two documents' dates. With `recordedBy`, the journal and the shares as
 * recorded by that moment. Positive: owed (an invoice, an opening balance); negative: on account.
 * So a party's open amounts add up to its ledger balance on that date, whatever was settled later.
 */
const openItems = async (deps: ReadDeps, side: keyof typeof SIDES, asOf: string, recordedBy: string | null): Promise<OpenRow[]> => {
  const { account, sign } = SIDES[side];
  const by = (column: string) => (recordedBy ? sql`and ${sql.ref(column)} <= ${recordedBy}::timestamptz` : sql``);
  const { rows } = await sql<OpenRow>`
    with lines as (
      select j.stream, j.voucher_type, j.voucher_number, j.voucher_date, j.reversal, j.position, j.id, l.party, ${sign} * (l.debit - l.credit) as amount
      from ${sql.table(journalTable.name)} j cross join lateral jsonb_to_recordset(j.lines) as l(account text, party text, debit numeric, credit numeric)
      where l.account = ${account} and l.party is not null ${by('j.recorded_at')}),
    nets as (select stream, party, sum(amount) as net from lines where voucher_date <= ${asOf}::date group by stream, party),
    heads as (select distinct on (stream, party) stream, party, voucher_type, voucher_number, voucher_date from lines where not reversal order by stream, party, position desc, id desc),
    dates as (select distinct on (stream) stream, voucher_date from heads order by stream, voucher_date desc),
    shares as (select distinct on (charge, credit) charge, credit, amount from ${sql.table(partyAllocationsTable.name)} a
               where true ${by('a.recorded_at')} order by charge, credit, position desc),
    live as (select s.* from shares s join dates c on c.stream = s.charge join dates k on k.stream = s.credit
             where s.amount <> 0 and greatest(c.voucher_date, k.voucher_date) <= ${asOf}::date),
    moved as (select stream, sum(amount) as amount from (select charge as stream, -amount as amount from live union all select credit, amount from live) m group by stream)
    select h.party, h.stream, h.voucher_type as kind, h.voucher_number as number, h.voucher_date::text as date,
           (coalesce(n.net, 0) + coalesce(m.amount, 0))::text as open
    from heads h left join nets n on n.stream = h.stream and n.party = h.party left join moved m on m.stream = h.stream
    where coalesce(n.net, 0) + coalesce(m.amount, 0) <> 0
    order by h.voucher_date, h.stream`.execute(deps.db);
  return rows;
};

/** The due date of each invoice of the side (as recorded by `recordedBy`), by stream. */
const dueDates = async (deps: ReadDeps, side: keyof typeof SIDES, recordedBy: string | null) => {
  const due = new Map<string, string>();
  for (const doc of SIDES[side].docs) {
    const { rows } = await sql<{ id: number; due: string | null }>`select id, due_date::text as due from ${documentsAsRecorded(doc, recordedBy)} d where due_date is not null`.execute(deps.db);
    for (const r of rows) if (r.due) due.set(doc.streamOf(r.id), r.due);
  }
  return due;
};

const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/**
 * Receivables (what customers owe) or payables (what we owe vendors) by party as of a date, from
 * each party's ledger: every document still open on that date — invoices by how long past their
 * due date (the document's date when none was set), in buckets; receipts, payments and credits
 * not applied by then as "on account", less. A party's total is its ledger balance on that day.
 */
export const ageingOf = async (deps: ReadDeps, side: keyof typeof SIDES, asOf: string, recordedBy: string | null = null): Promise<Ageing> => {
  const { party } = SIDES[side];
  const [items, due, names] = await Promise.all([
    openItems(deps, side, asOf, recordedBy),
    dueDates(deps, side, recordedBy),
    sql<{ id: number; name: string }>`select id, name from ${sql.table(listTable(party))}`.execute(deps.db),
  ]);
  const nameOf = new Map(names.rows.map((r) => [`${party.singular}-${r.id}`, r.name]));
  type Item = { id: number; stream: string; kind: string; number: string; date: string; dueDate: string; daysPastDue: number; bucket: BucketKey; balanceDue: string };
  const byParty = new Map<string, { party: string; partyId: number; name: string; invoices: Item[]; credits: { stream: string; kind: string; number: string; date: string; amount: string }[] }>();
  for (const r of items) {
    const entry = byParty.get(r.party) ?? { party: r.party, partyId: Number(r.party.replace(/^\D+/, '')), name: nameOf.get(r.party) ?? r.party, invoices: [], credits: [] };
    const number = r.number ?? r.stream;
    if (r.open.startsWith('-')) entry.credits.push({ stream: r.stream, kind: r.kind, number, date: r.date, amount: toMoney(r.open) });
    else {
      const dueDate = due.get(r.stream) ?? r.date;
      const days = daysBetween(dueDate, asOf);
      entry.invoices.push({ id: Number(r.stream.replace(/^\D+/, '')), stream: r.stream, kind: r.kind, number, date: r.date, dueDate, daysPastDue: Math.max(0, days), bucket: bucketOf(days), balanceDue: toMoney(r.open) });
    }
    byParty.set(r.party, entry);
  }
  const sumBuckets = (invoices: readonly { bucket: BucketKey; balanceDue: string }[]): Record<BucketKey, string> => {
    const sum = (key: BucketKey) => sumMoney(invoices.filter((i) => i.bucket === key).map((i) => i.balanceDue));
    return { notDue: sum('notDue'), d30: sum('d30'), d60: sum('d60'), d90: sum('d90'), d120: sum('d120'), over120: sum('over120') };
  };
  const parties = [...byParty.values()]
    .map((p) => {
      const onAccount = sumMoney(p.credits.map((c) => c.amount));
      return { ...p, buckets: sumBuckets(p.invoices), onAccount, total: sumMoney([...p.invoices.map((i) => i.balanceDue), onAccount]) };
    })
    .sort((a, b) => a.name.localeCompare(b.name) || a.partyId - b.partyId);
  const onAccount = sumMoney(parties.map((p) => p.onAccount));
  return {
    side,
    asOf,
    recordedBy,
    buckets: AGEING_BUCKETS.map((b) => ({ key: b.key, label: b.label })),
    parties,
    totals: sumBuckets(parties.flatMap((p) => p.invoices)),
    onAccount,
    total: sumMoney(parties.map((p) => p.total)),
  };
};

export const ageingRoutes = (router: Router, deps: ReadDeps) => {
  router.get(BOOKS_PATHS.ageing, readsFrom(deps, AGEING_READ_MODELS), async (ctx: Context) => {
    const side = ctx.query.side ?? 'receivable';
    if (side !== 'receivable' && side !== 'payable') throw validationError('Invalid query', [{ path: 'side', message: 'Side must be receivable or payable' }]);
    const query = reportQuery(ctx, [...AS_OF_PARAMS, 'side']);
    ctx.body = await ageingOf(deps, side, asOfOf(query, todayInIndia(deps)), query.recordedBy);
  });
};
