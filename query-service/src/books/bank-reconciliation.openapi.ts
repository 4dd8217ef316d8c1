import {
  BANK_RECONCILIATION_PATHS,
  BankAccountSummarySchema,
  CASH_IN_HAND_PATH,
  CashInHandSchema,
  EntriesAnswerSchema,
  LinesAnswerSchema,
  MATCH_WINDOW_DAYS,
  MATCH_WINDOW_MAX,
  MatchAnswerSchema,
  MatchBodySchema,
  ReconciliationSchema,
  SETTLEMENT_DOCUMENTS,
  StatementImportAnswerSchema,
  StatementImportBodySchema,
} from '@erp/contracts';
import { z } from 'zod';

import { body, error, errors, ok, written } from '../operators/openapi-parts';

const ACCOUNT = { name: 'account', in: 'path', required: true, schema: { type: 'string', pattern: '^(bank|ledger-[1-9]\\d{0,9})$' }, description: 'A bank ledger: `bank` (Bank Accounts) or one added in the Bank Accounts group (`ledger-7`)' };
const LINE_NO = { name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 }, description: "The statement line's number (`lineNo`) in this bank ledger" };
const date = (name: string, description: string) => ({ name, in: 'query', schema: { type: 'string', format: 'date' }, description });
const TAG = 'Bank reconciliation';
/** A book entry as a match names it: a settling document's stream (`receipt-12`). */
const ENTRY_EXAMPLE = SETTLEMENT_DOCUMENTS[0].streamOf(12);
const HDFC_EXAMPLE = 'Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance\n01/04/26,UPI-TILAK STORES-609112345678,609112345678,01/04/26,,1822.00,51822.00\n';

/** Bank reconciliation's routes in the OpenAPI document (issue 43 item 5). */
export const bankReconciliationPaths = () => ({
  [BANK_RECONCILIATION_PATHS.accounts]: {
    get: { tags: [TAG], summary: 'The bank ledgers, each with its saved statement format, how many statement lines it has and how many wait for a match', responses: { 200: ok('Bank ledgers', z.array(BankAccountSummarySchema)), ...errors } },
  },
  [BANK_RECONCILIATION_PATHS.statement('{account}')]: {
    parameters: [ACCOUNT],
    get: {
      tags: [TAG],
      summary: 'The bank reconciliation statement as of a day: balance per books, less deposits not yet credited, plus payments not yet presented, with the lines only the bank has (charges, interest) — the balance the statement should show; the statement\'s own balance after its last line by then; the difference',
      parameters: [date('asOf', 'The day (default: today in India)')],
      responses: { 200: ok('The reconciliation', ReconciliationSchema), ...errors },
    },
  },
  [BANK_RECONCILIATION_PATHS.lines('{account}')]: {
    parameters: [ACCOUNT],
    get: {
      tags: [TAG],
      summary: 'The statement lines, oldest first, each with its match (`changed` when its entries were revised or voided since) or the entries that could be it: the same amount within `window` days, a shared reference or cheque number first; `suggested` marks the best one-to-one pairing',
      parameters: [
        { name: 'status', in: 'query', schema: { type: 'string', enum: ['all', 'unmatched', 'matched'], default: 'all' } },
        { name: 'window', in: 'query', schema: { type: 'integer', minimum: 0, maximum: MATCH_WINDOW_MAX, default: MATCH_WINDOW_DAYS }, description: 'Days either side of a line\'s date a suggestion may be' },
      ],
      responses: { 200: ok('The lines and the entries they name', LinesAnswerSchema), ...errors },
    },
  },
  [BANK_RECONCILIATION_PATHS.entries('{account}')]: {
    parameters: [ACCOUNT],
    get: {
      tags: [TAG],
      summary: 'The bank book: each document that posts to this ledger (receipts and payments not in cash, journal vouchers, payrolls paid from the bank), its amount (+ in, − out), and the day it cleared (its matched line\'s date; an opening balance its own) or null',
      parameters: [{ name: 'status', in: 'query', schema: { type: 'string', enum: ['all', 'uncleared', 'cleared'], default: 'all' } }],
      responses: { 200: ok('The entries', EntriesAnswerSchema), ...errors },
    },
  },
  [BANK_RECONCILIATION_PATHS.statements('{account}')]: {
    parameters: [ACCOUNT],
    post: {
      tags: [TAG],
      summary: 'Import a bank statement (the CSV of a net-banking export, at most 240 kB). `format` maps its columns and is saved for the next import; without it, the saved format, else SBI, HDFC Bank, ICICI Bank, Axis Bank or Kotak recognised by their headers. Any row that cannot be read is a 400 naming its row and column (`rows.7.Txn Date`) and nothing is imported; lines imported before (same date, amount, reference and balance) are not imported again',
      requestBody: body(StatementImportBodySchema, { csv: HDFC_EXAMPLE, fileName: 'april.csv' }),
      responses: { 201: ok('What was imported: new lines, duplicates left out, rows without a date skipped', StatementImportAnswerSchema, { headers: written }), ...errors, 409: error },
    },
  },
  [BANK_RECONCILIATION_PATHS.matches('{account}')]: {
    parameters: [ACCOUNT],
    post: {
      tags: [TAG],
      summary: `Match a statement line to one or more book entries (\`${ENTRY_EXAMPLE}\`, \`journal-voucher-5\`, \`payroll-7\`) whose amounts on this ledger come to the line's: they are cleared on the line's date. A line and an entry are matched once (409)`,
      requestBody: body(MatchBodySchema, { lineNo: 1, entries: [ENTRY_EXAMPLE] }),
      responses: { 201: ok('The match', MatchAnswerSchema, { headers: written }), ...errors, 409: error },
    },
  },
  [BANK_RECONCILIATION_PATHS.match('{account}', '{id}')]: {
    parameters: [ACCOUNT, LINE_NO],
    delete: { tags: [TAG], summary: 'Un-match a statement line: its entries are uncleared again', responses: { 204: ok('Un-matched', undefined, { headers: written }), ...errors, 409: error } },
  },
  [CASH_IN_HAND_PATH]: {
    get: {
      tags: ['Books'],
      summary: "Cash in hand today and its lowest end-of-day balance from `from` on (later-dated entries included): what a form checks before a payment in cash would take it below zero",
      parameters: [date('from', 'The first day to look at (default: the first cash entry)')],
      responses: { 200: ok('Cash in hand', CashInHandSchema), ...errors },
    },
  },
});
