import {
  BANK_GROUP,
  type BankAccountSummary,
  type BookEntry,
  decimal,
  ledgersEntity,
  listTable,
  MASTER_DATA_ENTITIES,
  OPENING_ACCOUNTS_VOUCHER,
  SETTLEMENT_DOCUMENTS,
  signedLineAmount,
  snakeCase,
  type StatementLine,
  StoredFormatSchema,
  toMoney,
} from '@erp/contracts';
import { bankFormatsTable, bankStatementLinesTable, journalDocumentsTable, type ReadDb } from '@erp/projections';
import { sql } from 'kysely';
import { z } from 'zod';

import { chartOf } from './journal-sql';

/** The read models bank reconciliation reads: the journal's documents, the statement lines, the chart, the settlements and their parties. */
export const BANK_READ_MODELS = [
  'journal',
  bankStatementLinesTable.name,
  listTable(ledgersEntity),
  ...SETTLEMENT_DOCUMENTS.map((d) => d.listTable),
];

/** The bank ledgers of the chart: Bank Accounts and the ones the business added in its group. */
export const bankLedgers = async (db: ReadDb) => (await chartOf(db)).accounts.filter((a) => a.accountGroup === BANK_GROUP);

const Postings = z.array(z.object({ account: z.string(), debit: z.string(), credit: z.string() }));
const VoucherDetails = z.object({ referenceNumber: z.string().nullish(), narration: z.string().nullish() }).nullish();

/** What people wrote on a payment or receipt (reference, description) and its party's name, by stream. */
const settlementTexts = async (db: ReadDb, streams: readonly string[]) => {
  const texts = new Map<string, { party: string | null; reference: string | null; narration: string | null }>();
  for (const doc of SETTLEMENT_DOCUMENTS) {
    const ids = streams.filter((s) => s.replace(/-\d+$/, '') === doc.stream).map((s) => Number(s.slice(doc.stream.length + 1)));
    if (ids.length === 0) continue;
    const party = MASTER_DATA_ENTITIES.find((e) => e.singular === doc.party.singular)!;
    const { rows } = await sql<{ id: number; reference: string | null; narration: string | null; party: string | null }>`
      select s.id, s.reference_number as reference, s.description as narration, p.name as party
      from ${sql.table(doc.listTable)} s left join ${sql.table(listTable(party))} p on p.id = ${sql.ref(`s.${snakeCase(doc.party.field)}`)}
      where s.id = any(${ids}::int[])`.execute(db);
    for (const r of rows) texts.set(`${doc.stream}-${r.id}`, { party: r.party, reference: r.reference, narration: r.narration });
  }
  return texts;
};

/**
 * The bank book of one ledger: each document that posts to it now, with its amount on it (+ in,
 * − out, the journal's debit less credit) and what identifies it. Opening balances (the ledger's
 * own, an Opening Balance voucher, the accounts' openings) are cleared on their date: nothing on a statement matches them.
 */
export const bookEntries = async (db: ReadDb, account: string): Promise<BookEntry[]> => {
  const { rows } = await sql<{ stream: string; voucher_type: string; voucher_number: string | null; date: string; postings: unknown; details: unknown }>`
    select stream, voucher_type, voucher_number, date::text as date, postings, details from ${sql.table(journalDocumentsTable.name)}
    where postings @> ${JSON.stringify([{ account }])}::jsonb order by date, stream`.execute(db);
  const texts = await settlementTexts(db, rows.map((r) => r.stream));
  return rows.flatMap((r): BookEntry[] => {
    const amount = toMoney(Postings.parse(r.postings).filter((p) => p.account === account).reduce((sum, p) => sum.plus(decimal(p.debit)).minus(decimal(p.credit)), decimal(0)));
    if (decimal(amount).eq(0)) return [];
    const voucher = VoucherDetails.safeParse(r.details);
    const written = texts.get(r.stream) ?? { party: null, reference: voucher.success ? (voucher.data?.referenceNumber ?? null) : null, narration: voucher.success ? (voucher.data?.narration ?? null) : null };
    // The accounts' openings as of the day the books begin (issue 43) are the bank's opening too.
    const opening = r.stream === account || r.voucher_type === 'Opening Balance voucher' || r.voucher_type === OPENING_ACCOUNTS_VOUCHER;
    return [{ stream: r.stream, voucherType: r.voucher_type, voucherNumber: r.voucher_number, date: r.date, amount, ...written, opening }];
  });
};

const MatchedSchema = z.array(z.object({ stream: z.string(), amount: z.string() })).nullable();

/** Every statement line of one ledger, oldest first, with its match as recorded. */
export const statementLines = async (db: ReadDb, account: string): Promise<StatementLine[]> => {
  const { rows } = await sql<{ line_no: number; row: number; date: string; narration: string; reference: string | null; cheque_number: string | null; withdrawal: string; deposit: string; balance: string; matched: unknown; cleared_on: string | null; matched_at: string | null }>`
    select line_no, row, date::text as date, narration, reference, cheque_number, withdrawal::text, deposit::text, balance::text, matched, cleared_on::text as cleared_on,
      to_char(matched_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as matched_at
    from ${sql.table(bankStatementLinesTable.name)} where account = ${account} order by date, line_no`.execute(db);
  return rows.map((r) => {
    const money = { withdrawal: toMoney(r.withdrawal), deposit: toMoney(r.deposit) };
    const matched = MatchedSchema.parse(r.matched);
    return {
      lineNo: r.line_no, row: r.row, date: r.date, narration: r.narration, reference: r.reference, chequeNumber: r.cheque_number, ...money, balance: toMoney(r.balance),
      amount: signedLineAmount(money),
      match: matched ? { entries: matched, clearedOn: r.cleared_on!, matchedAt: r.matched_at!, changed: false } : null,
    };
  });
};

/** Each bank ledger with its saved format and its lines, matched or not. */
export const bankAccountSummaries = async (db: ReadDb): Promise<BankAccountSummary[]> => {
  const ledgers = await bankLedgers(db);
  const { rows } = await sql<{ account: string; format: unknown; lines: number; unmatched: number; last: string | null }>`
    select a.code as account, f.format, count(l.id)::int as lines, count(l.id) filter (where l.matched is null)::int as unmatched, max(l.date)::text as last
    from unnest(${ledgers.map((l) => l.code)}::text[]) as a(code)
    left join ${sql.table(bankFormatsTable.name)} f on f.account = a.code
    left join ${sql.table(bankStatementLinesTable.name)} l on l.account = a.code
    group by a.code, f.format`.execute(db);
  const byCode = new Map(rows.map((r) => [r.account, r]));
  return ledgers.map((l) => {
    const r = byCode.get(l.code);
    const format = StoredFormatSchema.safeParse(r?.format);
    return { account: l.code, accountName: l.accountName, format: format.success ? format.data : null, lines: r?.lines ?? 0, unmatched: r?.unmatched ?? 0, lastStatementDate: r?.last ?? null };
  });
};
