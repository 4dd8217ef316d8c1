import {
  BANK_ACCOUNT,
  BANK_EVENTS,
  BANK_GROUP,
  BANK_RECONCILIATION_PATHS,
  type BankEvent,
  bankReconciliationStream,
  decimal,
  JOURNAL_VOUCHER_STREAM,
  LEDGER_CODE,
  ledgersEntity,
  MatchBodySchema,
  notFound,
  payrollEntity,
  payrollPayment,
  type Posting,
  recordStream,
  settlementPostings,
  StatementImportBodySchema,
  toMoney,
  validationError,
  voucherPostings,
} from '@erp/contracts';
import type Router from '@koa/router';
import Papa from 'papaparse';
import { z } from 'zod';

import { SETTLEMENT_SLICES } from '../documents';
import { MASTER_DATA_SLICES } from '../master-data';
import type { CommandDeps } from '../master-data/master-data.routes';
import { commandRoute, NO_BODY } from '../shared/command-route';
import { decideAll, foldStored } from '../shared/decider';
import type { CommandContext } from '../shared/handle-command';
import { bankDecider, type BankState, statementFor } from './bank-reconciliation.decider';
import { voucherDecider } from './voucher.decider';

const sliceOf = (entity: { readonly singular: string }) => MASTER_DATA_SLICES.find((s) => s.entity.singular === entity.singular)!;

/** `bank`, or a ledger the business added in the Bank Accounts group; else 404. */
const requireBankAccount = async (ctx: CommandContext, account: string) => {
  const ledger = LEDGER_CODE.exec(account);
  if (account === 'bank') return;
  if (ledger && BANK_ACCOUNT.test(account)) {
    const record = await ctx.load(recordStream(ledgersEntity, Number(ledger[1])), sliceOf(ledgersEntity).decider);
    if (record.state.status === 'active' && record.state.values.accountGroup === BANK_GROUP) return;
  }
  throw notFound(`No bank account ${account}: a bank account is the Bank Accounts ledger or one you added in the ${BANK_GROUP} group`);
};

/** The CSV's rows as Papa Parse splits them (any delimiter, quoted fields, a byte-order mark dropped). */
const rowsOf = (csv: string): string[][] => {
  const parsed = Papa.parse<unknown[]>(csv.replace(/^\uFEFF/, ''), { skipEmptyLines: false });
  const unclosed = parsed.errors.find((e) => e.code === 'MissingQuotes');
  if (unclosed) throw validationError('The file is not a CSV it can read', [{ path: 'csv', message: `Row ${(unclosed.row ?? 0) + 1}: a quote is opened and never closed` }]);
  return parsed.data.map((row) => row.map((cell) => String(cell ?? '')));
};

/**
 * What a document posts to a ledger now, read from its own stream (the command side never reads
 * the journal): the amount a match is checked against. Null for no such document, or a kind
 * that never reaches the bank.
 */
const amountOn = async (ctx: CommandContext, stream: string, account: string): Promise<string | null> => {
  const kind = stream.replace(/-\d+$/, '');
  const settlement = SETTLEMENT_SLICES.find((s) => s.doc.stream === kind);
  let postings: readonly Posting[] | null = null;
  if (settlement) {
    const { state } = await ctx.load(stream, settlement.decider);
    postings = state.status === 'recorded' ? settlementPostings(settlement.doc, state.settlement) : null;
  } else if (kind === JOURNAL_VOUCHER_STREAM) {
    const { state } = await ctx.load(stream, voucherDecider);
    postings = state.status === 'recorded' ? voucherPostings(state.voucher) : null;
  } else if (kind === payrollEntity.singular) {
    const { state } = await ctx.load(stream, sliceOf(payrollEntity).decider);
    postings = state.status === 'active' ? payrollPayment(state.values) : null;
  }
  if (postings === null) return null;
  return toMoney(postings.filter((p) => p.account === account).reduce((sum, p) => sum.plus(decimal(p.debit)).minus(decimal(p.credit)), decimal(0)));
};

const loadBank = async (ctx: CommandContext, account: string) => {
  await requireBankAccount(ctx, account);
  return ctx.load(bankReconciliationStream(account), bankDecider);
};

const importAnswer = (account: string, state: BankState, events: readonly BankEvent[], fallback: () => { duplicates: number; skipped: number }) => {
  const imported = events.find((e) => e.type === BANK_EVENTS.imported);
  const saved = events.find((e) => e.type === BANK_EVENTS.formatSaved);
  const format = saved?.type === BANK_EVENTS.formatSaved ? saved.data.format : state.format!;
  if (imported?.type !== BANK_EVENTS.imported) return { account, importId: null, format, imported: 0, ...fallback(), lines: [] };
  const { importId, duplicates, skipped, lines } = imported.data;
  return { account, importId, format, imported: lines.length, duplicates, skipped, lines };
};

const AccountParam = z.string().regex(BANK_ACCOUNT);
const accountOf = (params: Readonly<Record<string, string>>) => {
  const parsed = AccountParam.safeParse(params.account);
  if (!parsed.success) throw notFound(`No bank account ${String(params.account).slice(0, 40)}`);
  return parsed.data;
};

/** Importing statements, matching and un-matching their lines (issue 43 item 5): the books' own writes. */
export const bankReconciliationWriteRoutes = (router: Router, deps: CommandDeps) => {
  const streamState = async (streamId: string) => foldStored(bankDecider, (await deps.store.readStream(streamId)).events);
  const accountOfStream = (streamId: string) => streamId.slice(streamId.indexOf(':') + 1);
  commandRoute(router, deps.store, {
    method: 'post',
    path: BANK_RECONCILIATION_PATHS.statements(':account'),
    label: 'Bank statement',
    body: StatementImportBodySchema,
    status: 201,
    command: ({ params, body, metadata }) => {
      const account = accountOf(params);
      const data = { account, rows: rowsOf(body.csv), fileName: body.fileName, format: body.format };
      return async (ctx) => {
        const bank = await loadBank(ctx, account);
        const events = decideAll(bankDecider, { type: 'ImportStatement', data, metadata }, bank.state);
        const fallback = () => {
          const { keyed, skipped } = statementFor(data, bank.state);
          return { duplicates: keyed.length, skipped };
        };
        return { main: bank, appends: [{ stream: bank, events }], result: importAnswer(account, bank.state, events, fallback) };
      };
    },
    // A repeated Idempotency-Key: the last import of the ledger, as it was answered.
    replay: async (streamId) => {
      const state = await streamState(streamId);
      const events = (await deps.store.readStream(streamId)).events.flatMap((e) => bankDecider.decode(e) ?? []);
      const last = events.filter((e) => e.type === BANK_EVENTS.imported).slice(-1);
      return importAnswer(accountOfStream(streamId), state, last, () => ({ duplicates: 0, skipped: 0 }));
    },
  });
  commandRoute(router, deps.store, {
    method: 'post',
    path: BANK_RECONCILIATION_PATHS.matches(':account'),
    label: 'Match',
    body: MatchBodySchema,
    status: 201,
    command: ({ params, body, metadata }) => async (ctx) => {
      const account = accountOf(params);
      const bank = await loadBank(ctx, account);
      const entries = [];
      for (const [index, stream] of body.entries.entries()) {
        const amount = await amountOn(ctx, stream, account);
        if (amount === null) throw validationError(`No receipt, payment, journal voucher or payroll ${stream}`, [{ path: `entries.${index}`, message: `${stream} is not a document that posts to a bank account` }]);
        entries.push({ stream, amount });
      }
      const events = decideAll(bankDecider, { type: 'MatchLine', data: { account, lineNo: body.lineNo, entries }, metadata }, bank.state);
      const [matched] = events;
      return { main: bank, appends: [{ stream: bank, events }], result: matched?.type === BANK_EVENTS.matched ? matched.data : null };
    },
    replay: async (streamId) => {
      const events = (await deps.store.readStream(streamId)).events.flatMap((e) => bankDecider.decode(e) ?? []);
      const last = events.filter((e) => e.type === BANK_EVENTS.matched).at(-1);
      return last?.type === BANK_EVENTS.matched ? last.data : null;
    },
  });
  commandRoute(router, deps.store, {
    method: 'delete',
    path: `${BANK_RECONCILIATION_PATHS.matches(':account')}/:id`,
    label: 'Statement line',
    body: NO_BODY,
    status: 204,
    command: ({ id, params, metadata }) => async (ctx) => {
      const account = accountOf(params);
      const bank = await loadBank(ctx, account);
      const events = decideAll(bankDecider, { type: 'UnmatchLine', data: { account, lineNo: id }, metadata }, bank.state);
      return { main: bank, appends: [{ stream: bank, events }], result: undefined };
    },
  });
};
