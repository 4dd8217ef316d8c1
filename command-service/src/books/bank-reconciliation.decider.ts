import {
  BANK_EVENTS,
  type BankEvent,
  BankEventSchema,
  compareMoney,
  conflict,
  decimal,
  findHeaderRow,
  type MatchedEntry,
  notFound,
  readStatement,
  recogniseStatement,
  rupees,
  signedLineAmount,
  STATEMENT_PRESETS,
  type StatementFormat,
  statementLineKey,
  sumMoney,
  validationError,
} from '@erp/contracts';

import type { Command, Decider } from '../shared/decider';
import { sameValue } from '../shared/same-value';

/** A bank ledger's reconciliation: its statement format, the lines imported, which are matched to what. */
export interface BankState {
  readonly format: StatementFormat | null;
  readonly imports: number;
  readonly lastLineNo: number;
  /** Each imported line's identity: a line seen again in a later file is not imported twice. */
  readonly keys: ReadonlySet<string>;
  readonly lines: ReadonlyMap<number, { readonly date: string; readonly amount: string }>;
  /** Matched lines → their entries' streams, and each matched entry → its line. */
  readonly matches: ReadonlyMap<number, readonly string[]>;
  readonly matchedEntries: ReadonlyMap<string, number>;
}

export type BankCommand =
  | Command<'ImportStatement', { readonly account: string; readonly rows: readonly (readonly string[])[]; readonly fileName: string | null; readonly format: StatementFormat | null }>
  /** The entries with their amounts on this ledger, as the command read them from their documents. */
  | Command<'MatchLine', { readonly account: string; readonly lineNo: number; readonly entries: readonly MatchedEntry[] }>
  | Command<'UnmatchLine', { readonly account: string; readonly lineNo: number }>;

const signed = (amount: string) => (decimal(amount).lt(0) ? `−${rupees(decimal(amount).abs())}` : rupees(amount));

/** The format to read a file with: the one sent, else the saved one if the file has its columns, else a bank's by its headers. */
const formatFor = (rows: readonly (readonly string[])[], given: StatementFormat | null, saved: StatementFormat | null): StatementFormat => {
  if (given) return given;
  if (saved && findHeaderRow(rows, saved) >= 0) return saved;
  const known = recogniseStatement(rows);
  if (known) return known.format;
  const banks = STATEMENT_PRESETS.map((p) => p.name).join(', ');
  throw validationError('Map the columns of this statement', [{ path: 'format', message: `Its headers match no saved format and no export of ${banks}: choose which column holds what` }]);
};

type ImportData = Extract<BankCommand, { type: 'ImportStatement' }>['data'];

/**
 * A statement as this ledger would take it: its format, each line with its identity (the same
 * transaction twice in one file — two ₹10 charges on a day, no balance column — is two lines,
 * numbered by occurrence), and the lines not imported before. Refuses a file with any bad row.
 */
export const statementFor = (command: ImportData, state: BankState) => {
  const format = formatFor(command.rows, command.format, state.format);
  const read = readStatement(command.rows, format);
  if (read.issues.length > 0) throw validationError(`The statement has rows that cannot be read (${format.name})`, [...read.issues]);
  if (read.lines.length === 0) throw validationError('No transactions in the statement', [{ path: 'csv', message: 'No transactions under the header row' }]);
  const seen = new Map<string, number>();
  const keyed = read.lines.map((line) => {
    const base = statementLineKey(line);
    const occurrence = (seen.get(base) ?? 0) + 1;
    seen.set(base, occurrence);
    return { ...line, key: `${base}#${occurrence}` };
  });
  return { format, keyed, fresh: keyed.filter((line) => !state.keys.has(line.key)), skipped: read.skipped };
};

const importStatement = (command: ImportData, state: BankState): BankEvent[] => {
  const { format, keyed, fresh, skipped } = statementFor(command, state);
  const events: BankEvent[] = [];
  if (!sameValue(format, state.format)) events.push({ type: BANK_EVENTS.formatSaved, data: { account: command.account, format } });
  if (fresh.length > 0) {
    const lines = fresh.map(({ row, key, ...line }, i) => ({ lineNo: state.lastLineNo + i + 1, key, row, ...line }));
    events.push({ type: BANK_EVENTS.imported, data: { account: command.account, importId: state.imports + 1, fileName: command.fileName, format: format.name, lines, duplicates: keyed.length - fresh.length, skipped } });
  }
  return events;
};

const matchLine = (command: Extract<BankCommand, { type: 'MatchLine' }>['data'], state: BankState): BankEvent => {
  const { lineNo, entries } = command;
  const line = state.lines.get(lineNo);
  if (!line) throw validationError(`No statement line ${lineNo}`, [{ path: 'lineNo', message: 'No such line in this bank account\'s statements' }]);
  if (state.matches.has(lineNo)) throw conflict(`Line ${lineNo} is already matched; un-match it first`, [{ path: 'lineNo', message: 'Already matched' }]);
  entries.forEach((entry, i) => {
    if (entries.findIndex((e) => e.stream === entry.stream) !== i) throw validationError(`${entry.stream} is named twice`, [{ path: `entries.${i}`, message: 'Named twice' }]);
    const other = state.matchedEntries.get(entry.stream);
    if (other !== undefined) throw conflict(`${entry.stream} is already matched to line ${other}`, [{ path: `entries.${i}`, message: `Already matched to line ${other}` }]);
    if (compareMoney(entry.amount, 0) === 0) throw validationError(`${entry.stream} posts nothing to this bank account`, [{ path: `entries.${i}`, message: 'Posts nothing to this bank account' }]);
  });
  const total = sumMoney(entries.map((e) => e.amount));
  if (compareMoney(total, line.amount) !== 0) {
    throw validationError('The amounts do not agree', [{ path: 'entries', message: `The entries come to ${signed(total)}; the line is ${signed(line.amount)}` }]);
  }
  return { type: BANK_EVENTS.matched, data: { account: command.account, lineNo, entries: [...entries], clearedOn: line.date } };
};

const without = <K, V>(map: ReadonlyMap<K, V>, keys: readonly K[]) => {
  const next = new Map(map);
  for (const key of keys) next.delete(key);
  return next;
};

/**
 * A bank ledger's statements and matches (issue 43 item 5). An import reads the CSV's rows with
 * the format (refusing the file, naming each bad row and column, when any row cannot be read)
 * and keeps only lines not imported before; a match needs the entries' amounts to come to the
 * line's, and each entry and line is matched once.
 */
export const bankDecider: Decider<BankState, BankCommand, BankEvent> = {
  initialState: () => ({ format: null, imports: 0, lastLineNo: 0, keys: new Set(), lines: new Map(), matches: new Map(), matchedEntries: new Map() }),
  decode: (stored) => {
    const parsed = BankEventSchema.safeParse(stored);
    return parsed.success ? parsed.data : null;
  },
  evolve: (state, event) => {
    switch (event.type) {
      case BANK_EVENTS.formatSaved:
        return { ...state, format: event.data.format };
      case BANK_EVENTS.imported: {
        const { lines } = event.data;
        return {
          ...state,
          imports: event.data.importId,
          lastLineNo: Math.max(state.lastLineNo, ...lines.map((l) => l.lineNo)),
          keys: new Set([...state.keys, ...lines.map((l) => l.key)]),
          lines: new Map([...state.lines, ...lines.map((l) => [l.lineNo, { date: l.date, amount: signedLineAmount(l) }] as const)]),
        };
      }
      case BANK_EVENTS.matched: {
        const streams = event.data.entries.map((e) => e.stream);
        return { ...state, matches: new Map(state.matches).set(event.data.lineNo, streams), matchedEntries: new Map([...state.matchedEntries, ...streams.map((s) => [s, event.data.lineNo] as const)]) };
      }
      case BANK_EVENTS.unmatched: {
        const streams = state.matches.get(event.data.lineNo) ?? [];
        return { ...state, matches: without(state.matches, [event.data.lineNo]), matchedEntries: without(state.matchedEntries, streams) };
      }
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'ImportStatement':
        return importStatement(command.data, state);
      case 'MatchLine':
        return matchLine(command.data, state);
      case 'UnmatchLine': {
        const { account, lineNo } = command.data;
        if (!state.lines.has(lineNo)) throw notFound(`No statement line ${lineNo}`);
        if (!state.matches.has(lineNo)) throw conflict(`Line ${lineNo} is not matched`);
        return [{ type: BANK_EVENTS.unmatched, data: { account, lineNo } }];
      }
    }
  },
};
