import { OPENING_ACCOUNTS_VOUCHER, OPENING_LABELS, OPENING_BALANCES_PATH, OPENING_BALANCES_STREAM, openingExplanation, type OpeningSource, type OpeningSummary, OpeningBalancesSetSchema, sumMoney, validationError } from '@erp/contracts';
import { businessTable, journalDocumentsTable } from '@erp/projections';
import type Router from '@koa/router';
import type { Context } from 'koa';
import { sql } from 'kysely';

import { businessOfRow } from '../settings/business.routes';
import { type ReadDeps, readsFrom } from '../shared/read-your-writes';

/** How a journal voucher type that posts to Temporary Opening is named on the screen. */
const LABELS: Readonly<Record<string, string>> = { 'Opening balance': 'Ledger openings', 'Stock adjustment': 'Opening stock' };
/** The order the sources are listed in (the rest after, by name). */
const ORDER = [OPENING_ACCOUNTS_VOUCHER, ...OPENING_LABELS, 'Opening stock', 'Ledger openings'];

/**
 * GET /api/accounting/opening-balances (issue 43): the day the books begin, the accounts'
 * openings as entered, and every source of openings with what it put against Temporary Opening —
 * from each document's current posting (journal_documents), so a revised or cancelled opening
 * counts as it stands. Temporary Opening is 0 when debits and credits agree; else the answer
 * says what is left and what to check.
 */
export const openingsRoute = (router: Router, deps: ReadDeps) =>
  router.get(OPENING_BALANCES_PATH, readsFrom(deps, [businessTable.name, journalDocumentsTable.name]), async (ctx: Context) => {
    const unknown = Object.keys(ctx.query);
    if (unknown.length > 0) throw validationError(`Unknown query parameter: ${unknown.join(', ')}`, unknown.map((name) => ({ path: name, message: 'This route takes no parameters' })));
    const booksBegin = (await businessOfRow(deps))?.booksBegin ?? null;
    const { rows } = await sql<{ voucher_type: string; count: string; debit: string | null; credit: string | null }>`
      select d.voucher_type, count(distinct d.stream)::text as count,
             sum((l->>'credit')::numeric)::text as debit, sum((l->>'debit')::numeric)::text as credit
      from ${sql.table(journalDocumentsTable.name)} d, jsonb_array_elements(d.postings) l
      where l->>'account' = 'temporary-opening'
      group by d.voucher_type`.execute(deps.db);
    const own = (await sql<{ details: unknown }>`select details from ${sql.table(journalDocumentsTable.name)} where stream = ${OPENING_BALANCES_STREAM}`.execute(deps.db)).rows[0];
    const lines = own ? OpeningBalancesSetSchema.shape.data.parse(own.details).lines : [];
    // The accounts' openings are one record: counted by their lines.
    const countOf = (r: (typeof rows)[number]) => (r.voucher_type === OPENING_ACCOUNTS_VOUCHER ? lines.length : Number(r.count));
    const sources: OpeningSource[] = rows
      .map((r) => ({ label: LABELS[r.voucher_type] ?? r.voucher_type, count: countOf(r), debit: sumMoney([r.debit ?? '0']), credit: sumMoney([r.credit ?? '0']) }))
      .sort((a, b) => rank(a.label) - rank(b.label) || a.label.localeCompare(b.label));
    const before = booksBegin
      ? Number((await sql<{ n: string }>`
          select count(*)::text as n from ${sql.table(journalDocumentsTable.name)} d
          where d.date < ${booksBegin}::date and jsonb_array_length(d.postings) > 0
            and not exists (select 1 from jsonb_array_elements(d.postings) l where l->>'account' = 'temporary-opening')`.execute(deps.db)).rows[0]?.n ?? 0)
      : 0;
    const answer: OpeningSummary = { booksBegin, lines, sources, ...openingExplanation(sources, booksBegin), documentsBefore: before };
    ctx.body = answer;
  });

const rank = (label: string) => {
  const at = ORDER.indexOf(label);
  return at === -1 ? ORDER.length : at;
};
