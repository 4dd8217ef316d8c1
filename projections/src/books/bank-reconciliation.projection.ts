import { BANK_EVENTS, type BankEvent, BankEventSchema } from '@erp/contracts';

import { defineProjection } from '../runner/projection';
import { isReplay } from '../runner/replay-guard';
import { table } from '../runner/table';

/**
 * Bank reconciliation's read side (issue 43 item 5): every statement line of every bank ledger
 * with its match (the entries' streams and amounts then, cleared on the line's date), and each
 * ledger's saved format. The bank book's entries themselves are the journal's.
 */
export const bankStatementLinesTable = table({
  name: 'bank_statement_lines',
  /** `bank:12`: the ledger and the line's number in it. */
  key: 'id',
  columns: {
    id: 'text',
    account: 'text',
    lineNo: 'integer',
    importId: 'integer',
    row: 'integer',
    date: 'date',
    narration: 'text',
    reference: 'text',
    chequeNumber: 'text',
    withdrawal: 'numeric',
    deposit: 'numeric',
    balance: 'numeric',
    /** `[{stream, amount}]` while matched, else null. */
    matched: 'jsonb',
    clearedOn: 'date',
    matchedAt: 'timestamptz',
    version: 'integer',
  },
  indexes: [['account', 'date']],
  versioned: true,
});

export const bankFormatsTable = table({
  name: 'bank_statement_formats',
  key: 'account',
  columns: { account: 'text', format: 'jsonb', imports: 'integer', version: 'integer', updatedAt: 'timestamptz' },
  versioned: true,
});

const lineKey = (account: string, lineNo: number) => `${account}:${lineNo}`;

export const bankReconciliationProjection = defineProjection<BankEvent>({
  name: bankStatementLinesTable.name,
  version: 1,
  tables: [bankFormatsTable, bankStatementLinesTable],
  handles: Object.values(BANK_EVENTS),
  decode: (stored) => {
    const parsed = BankEventSchema.safeParse(stored);
    return parsed.success ? parsed.data : null;
  },
  rowsOf: (event) => {
    switch (event.type) {
      case BANK_EVENTS.formatSaved:
        return [{ table: bankFormatsTable, key: event.data.account }];
      case BANK_EVENTS.imported:
        return [{ table: bankFormatsTable, key: event.data.account }, ...event.data.lines.map((l) => ({ table: bankStatementLinesTable, key: lineKey(event.data.account, l.lineNo), fresh: true }))];
      default:
        return [{ table: bankStatementLinesTable, key: lineKey(event.data.account, event.data.lineNo) }];
    }
  },
  apply: (event, context, rows) => {
    const version = context.streamVersion;
    switch (event.type) {
      case BANK_EVENTS.formatSaved: {
        const row = rows.get(bankFormatsTable, event.data.account);
        if (isReplay(row, context)) return;
        rows.put(bankFormatsTable, { account: event.data.account, format: event.data.format, imports: row?.imports ?? 0, version, updatedAt: context.at });
        return;
      }
      case BANK_EVENTS.imported: {
        const { account, importId, lines } = event.data;
        const row = rows.get(bankFormatsTable, account);
        if (!isReplay(row, context)) rows.put(bankFormatsTable, Object.assign({}, row, { account, imports: importId, version, updatedAt: context.at }));
        for (const line of lines) {
          const id = lineKey(account, line.lineNo);
          if (isReplay(rows.get(bankStatementLinesTable, id), context)) continue;
          const { key: _key, ...values } = line;
          rows.put(bankStatementLinesTable, Object.assign({ id, account, importId, matched: null, clearedOn: null, matchedAt: null, version }, values));
        }
        return;
      }
      case BANK_EVENTS.matched:
      case BANK_EVENTS.unmatched: {
        const id = lineKey(event.data.account, event.data.lineNo);
        const row = rows.get(bankStatementLinesTable, id);
        if (!row || isReplay(row, context)) return;
        const match = event.type === BANK_EVENTS.matched ? { matched: event.data.entries, clearedOn: event.data.clearedOn, matchedAt: context.at } : { matched: null, clearedOn: null, matchedAt: null };
        rows.put(bankStatementLinesTable, Object.assign({}, row, match, { version }));
        return;
      }
    }
  },
});
