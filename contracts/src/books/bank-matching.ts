import { compareMoney, decimal, type Decimal, toMoney } from '../money';
import type { BookEntry, Candidate, MatchedEntry, Reconciliation, StatementLine } from './bank-reconciliation';

/**
 * Matching statement lines to bank-book entries, and the reconciliation statement (issue 43
 * item 5). Pure: the read side hands in the lines and entries; the numbers are decimals.
 */

const DAY_MS = 86_400_000;
const daysBetween = (a: string, b: string) => Math.round(Math.abs(Date.parse(`${a}T00:00:00Z`) - Date.parse(`${b}T00:00:00Z`)) / DAY_MS);

/**
 * The references in a text: runs of letters and digits with a digit in them, three or more
 * long once leading zeros are dropped from plain numbers (cheque 000123 is 123). UPI and UTR
 * numbers, cheque numbers, NEFT references; not words.
 */
export const referenceTokens = (...texts: readonly (string | null | undefined)[]): Set<string> =>
  new Set(
    texts
      .flatMap((t) => (t ?? '').toUpperCase().split(/[^A-Z0-9]+/))
      .map((t) => (/^\d+$/.test(t) ? t.replace(/^0+/, '') : t))
      .filter((t) => t.length >= 3 && /\d/.test(t)),
  );

const shared = (a: ReadonlySet<string>, b: ReadonlySet<string>) => [...a].find((t) => b.has(t));

/** A signed amount of a line: + deposit, − withdrawal. */
export const signedLineAmount = (line: { readonly withdrawal: string; readonly deposit: string }) => toMoney(decimal(line.deposit).minus(decimal(line.withdrawal)));

type LineForMatching = Pick<StatementLine, 'lineNo' | 'date' | 'narration' | 'reference' | 'chequeNumber' | 'amount'>;

/** How well an entry fits a line, or null when it cannot be it (another amount, too many days apart). */
const scoreOf = (line: LineForMatching, entry: BookEntry, window: number): Omit<Candidate, 'suggested'> | null => {
  if (compareMoney(line.amount, entry.amount) !== 0) return null;
  const days = daysBetween(line.date, entry.date);
  if (days > window) return null;
  const reference = shared(referenceTokens(entry.reference), referenceTokens(line.narration, line.reference, line.chequeNumber)) ?? shared(referenceTokens(line.reference, line.chequeNumber), referenceTokens(entry.reference, entry.narration));
  const reasons = ['Same amount', ...(reference ? [`Reference ${reference}`] : []), days === 0 ? 'Same day' : `${days} day${days === 1 ? '' : 's'} apart`];
  return { stream: entry.stream, score: (reference ? 100 : 0) + (window + 1 - days), reasons };
};

/**
 * For each unmatched line, the unmatched entries that could be it, best first: the same amount
 * within `window` days, a reference or cheque number found on both sides ranking first, then
 * the nearer date. Each line's best one is `suggested` when no better pair claims that entry
 * (one entry is suggested for one line at most).
 */
export const suggestMatches = (lines: readonly LineForMatching[], entries: readonly BookEntry[], window: number): Map<number, Candidate[]> => {
  const open = entries.filter((e) => !e.opening);
  const scored = new Map(lines.map((line) => [line.lineNo, open.flatMap((e) => scoreOf(line, e, window) ?? []).sort((a, b) => b.score - a.score || a.stream.localeCompare(b.stream))]));
  const pairs = [...scored].flatMap(([lineNo, candidates]) => candidates.map((c) => ({ lineNo, c }))).sort((a, b) => b.c.score - a.c.score || a.lineNo - b.lineNo);
  const [takenLines, takenEntries, chosen] = [new Set<number>(), new Set<string>(), new Set<string>()];
  for (const { lineNo, c } of pairs) {
    if (takenLines.has(lineNo) || takenEntries.has(c.stream)) continue;
    takenLines.add(lineNo);
    takenEntries.add(c.stream);
    chosen.add(`${lineNo} ${c.stream}`);
  }
  return new Map([...scored].map(([lineNo, candidates]) => [lineNo, candidates.map((c) => ({ ...c, suggested: chosen.has(`${lineNo} ${c.stream}`) }))]));
};

/** A match still holds while each of its entries posts the amount it was matched at. */
export const matchHolds = (entries: readonly MatchedEntry[], current: ReadonlyMap<string, BookEntry>) =>
  entries.every((m) => current.has(m.stream) && compareMoney(current.get(m.stream)!.amount, m.amount) === 0);

const total = (amounts: readonly string[]) => toMoney(amounts.reduce<Decimal>((sum, a) => sum.plus(decimal(a)), decimal(0)));
const part = <T extends { readonly amount: string }>(items: T[]) => ({ total: total(items.map((i) => i.amount)), items });

/**
 * The bank reconciliation statement as of a day: the balance per books (entries dated on or
 * before it), less the deposits the bank has not credited by then, plus the payments it has not
 * debited, plus and less the bank's own lines not in the books — the balance the statement
 * should show; the statement's own balance after its last line on or before the day; and the
 * difference. An entry is cleared on the day of the line matched to it; an opening balance on its
 * own date; a match whose entries changed since counts for neither side.
 */
export const reconcile = (input: {
  readonly account: string;
  readonly accountName: string;
  readonly asOf: string;
  readonly lines: readonly StatementLine[];
  readonly entries: readonly BookEntry[];
}): Reconciliation => {
  const { asOf } = input;
  const current = new Map(input.entries.map((e) => [e.stream, e]));
  const holding = input.lines.filter((l) => l.match && matchHolds(l.match.entries, current));
  const clearedOn = new Map(holding.flatMap((l) => l.match!.entries.map((m) => [m.stream, l.date] as const)));
  const inBooks = input.entries.filter((e) => e.date <= asOf);
  const cleared = (e: BookEntry) => e.opening || (clearedOn.get(e.stream) ?? '9999-12-31') <= asOf;
  const uncleared = inBooks.filter((e) => !cleared(e));
  const lines = input.lines.filter((l) => l.date <= asOf);
  const reconciled = new Set(holding.filter((l) => l.match!.entries.every((m) => current.get(m.stream)!.date <= asOf)).map((l) => l.lineNo));
  const bankOnly = lines.filter((l) => !reconciled.has(l.lineNo));
  const balancePerBooks = total(inBooks.map((e) => e.amount));
  const workedOut = toMoney(decimal(balancePerBooks).minus(decimal(total(uncleared.map((e) => e.amount)))).plus(decimal(total(bankOnly.map((l) => l.amount)))));
  const last = [...lines].sort((a, b) => a.date.localeCompare(b.date) || a.lineNo - b.lineNo).at(-1);
  return {
    account: input.account,
    accountName: input.accountName,
    asOf,
    balancePerBooks,
    notPresented: part(uncleared.filter((e) => decimal(e.amount).lt(0))),
    notCredited: part(uncleared.filter((e) => decimal(e.amount).gt(0))),
    bankOnlyCredits: part(bankOnly.filter((l) => decimal(l.amount).gt(0))),
    bankOnlyDebits: part(bankOnly.filter((l) => decimal(l.amount).lt(0))),
    workedOutBankBalance: workedOut,
    balancePerBank: last ? last.balance : null,
    statementDate: last ? last.date : null,
    difference: last ? toMoney(decimal(last.balance).minus(decimal(workedOut))) : null,
    changedMatches: input.lines.filter((l) => l.match && !matchHolds(l.match.entries, current)).map((l) => l.lineNo),
  };
};
