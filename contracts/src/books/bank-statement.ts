import { z } from 'zod';

import { isOneOf } from '../constants';
import type { Issue } from '../errors';
import { isStorable, MONEY_MAX, optionalTextInput, requiredTextInput, TEXT_MAX, UNSTORABLE_MESSAGE } from '../fields';
import { decimal, toMoney } from '../money';

/**
 * Bank statements as Indian net banking exports them (issue 43 item 5): a CSV whose header row
 * may follow a few lines about the account, then one row per transaction. The owner maps the
 * columns once per bank account (a format); the five common banks' exports are recognised by
 * their headers. Pure: the CSV itself is split by Papa Parse where it is read (UI and server),
 * and both read the rows through these same functions.
 */
export const STATEMENT_DATE_FORMATS = ['DD/MM/YYYY', 'DD-MMM-YYYY', 'YYYY-MM-DD', 'MM/DD/YYYY'] as const;
export type StatementDateFormat = (typeof STATEMENT_DATE_FORMATS)[number];
export const DATE_FORMAT_EXAMPLES: Readonly<Record<StatementDateFormat, string>> = {
  'DD/MM/YYYY': '01/04/2026',
  'DD-MMM-YYYY': '01-Apr-2026',
  'YYYY-MM-DD': '2026-04-01',
  'MM/DD/YYYY': '04/01/2026',
};

const COLUMN_MAX = 100;
const column = (message: string) => requiredTextInput(message, COLUMN_MAX);
const optionalColumn = () => optionalTextInput(COLUMN_MAX);

/**
 * Which column holds what, by its header. Money either in two columns (withdrawal, deposit) or
 * in one (`amount`), signed or with a Dr/Cr column beside it. The balance is required: the
 * reconciliation compares it with the books.
 */
export const StatementFormatSchema = z
  .strictObject({
    name: requiredTextInput('Name the format', 60).optional().default('Custom'),
    date: column('Choose the date column'),
    narration: column('Choose the narration (description) column'),
    reference: optionalColumn(),
    cheque: optionalColumn(),
    withdrawal: optionalColumn(),
    deposit: optionalColumn(),
    amount: optionalColumn(),
    drCr: optionalColumn(),
    balance: column('Choose the balance column: the reconciliation compares it with the books'),
    dateFormat: z.enum(STATEMENT_DATE_FORMATS, { error: `Choose how dates are written: ${STATEMENT_DATE_FORMATS.join(', ')}` }),
  })
  .superRefine((f, ctx) => {
    const pair = f.withdrawal !== null || f.deposit !== null;
    if (pair && (f.withdrawal === null || f.deposit === null)) ctx.addIssue({ code: 'custom', path: [f.withdrawal === null ? 'withdrawal' : 'deposit'], message: 'Choose both the withdrawal and the deposit columns' });
    if (pair && f.amount !== null) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Choose either one amount column or the withdrawal and deposit columns' });
    if (!pair && f.amount === null) ctx.addIssue({ code: 'custom', path: ['withdrawal'], message: 'Choose the withdrawal and deposit columns, or one amount column' });
    if (f.drCr !== null && f.amount === null) ctx.addIssue({ code: 'custom', path: ['drCr'], message: 'A Dr/Cr column goes with one amount column' });
  });
export type StatementFormat = z.output<typeof StatementFormatSchema>;
export type StatementFormatInput = z.input<typeof StatementFormatSchema>;

const preset = (name: string, columns: Partial<Omit<StatementFormat, 'name'>> & Pick<StatementFormat, 'date' | 'narration' | 'balance' | 'dateFormat'>): StatementFormat => ({
  name, reference: null, cheque: null, withdrawal: null, deposit: null, amount: null, drCr: null, ...columns,
});

/** The usual net-banking exports, most specific first: a file is recognised when one row holds every column of one. */
export const STATEMENT_PRESETS: readonly StatementFormat[] = [
  preset('SBI', { date: 'Txn Date', narration: 'Description', reference: 'Ref No./Cheque No.', withdrawal: 'Debit', deposit: 'Credit', balance: 'Balance', dateFormat: 'DD-MMM-YYYY' }),
  preset('HDFC Bank', { date: 'Date', narration: 'Narration', reference: 'Chq./Ref.No.', withdrawal: 'Withdrawal Amt.', deposit: 'Deposit Amt.', balance: 'Closing Balance', dateFormat: 'DD/MM/YYYY' }),
  preset('ICICI Bank', { date: 'Transaction Date', narration: 'Transaction Remarks', cheque: 'Cheque Number', withdrawal: 'Withdrawal Amount (INR )', deposit: 'Deposit Amount (INR )', balance: 'Balance (INR )', dateFormat: 'DD/MM/YYYY' }),
  preset('Axis Bank', { date: 'Tran Date', narration: 'PARTICULARS', cheque: 'CHQNO', withdrawal: 'DR', deposit: 'CR', balance: 'BAL', dateFormat: 'DD/MM/YYYY' }),
  preset('Kotak Mahindra Bank', { date: 'Transaction Date', narration: 'Description', reference: 'Chq / Ref No.', amount: 'Amount', drCr: 'Dr / Cr', balance: 'Balance', dateFormat: 'DD/MM/YYYY' }),
];

// ---------------------------------------------------------------- cells

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const SEP = String.raw`[/.\- ]`;
// A time after the date (some exports stamp each transaction) is read past, nothing else.
const TIME = String.raw`(?:[ T]+\d{1,2}:\d{2}(?::\d{2})?(?:\s*[AaPp][Mm])?)?`;
const NUMERIC = new RegExp(`^(\\d{1,2})${SEP}(\\d{1,2})${SEP}(\\d{4}|\\d{2})${TIME}$`);
const NAMED = new RegExp(`^(\\d{1,2})${SEP}?([A-Za-z]{3,9})[/.\\-, ]*(\\d{4}|\\d{2})${TIME}$`);
const ISO = new RegExp(`^(\\d{4})[/.\\-](\\d{1,2})[/.\\-](\\d{1,2})${TIME}$`);

const isoOf = (year: number, month: number, day: number): string | null => {
  const full = year < 100 ? 2000 + year : year;
  const date = new Date(Date.UTC(full, month - 1, day));
  if (date.getUTCFullYear() !== full || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
};

/** A date as the bank wrote it → YYYY-MM-DD, or null when it is not one in that format. */
export const parseStatementDate = (text: string, format: StatementDateFormat): string | null => {
  const value = text.trim();
  if (format === 'YYYY-MM-DD') {
    const m = ISO.exec(value);
    return m ? isoOf(Number(m[1]), Number(m[2]), Number(m[3])) : null;
  }
  if (format === 'DD-MMM-YYYY') {
    const m = NAMED.exec(value);
    const month = m ? MONTHS.indexOf(m[2]!.slice(0, 3).toLowerCase()) + 1 : 0;
    return m && month > 0 ? isoOf(Number(m[3]), month, Number(m[1])) : null;
  }
  const m = NUMERIC.exec(value);
  if (!m) return null;
  const [first, second] = [Number(m[1]), Number(m[2])];
  return format === 'MM/DD/YYYY' ? isoOf(Number(m[3]), first, second) : isoOf(Number(m[3]), second, first);
};

/** The first format that reads every one of these dates; month-first only when asked for. */
export const detectDateFormat = (cells: readonly string[], preferred?: StatementDateFormat): StatementDateFormat | null => {
  const dates = cells.filter((c) => /\d/.test(c)).slice(0, 50);
  if (dates.length === 0) return preferred ?? null;
  const candidates = [...new Set([...(preferred ? [preferred] : []), 'DD/MM/YYYY', 'DD-MMM-YYYY', 'YYYY-MM-DD'] as const)];
  return candidates.find((f) => dates.every((d) => parseStatementDate(d, f) !== null)) ?? null;
};

type Amount = { readonly ok: true; readonly value: string | null; readonly side: 'Dr' | 'Cr' | null } | { readonly ok: false; readonly why: string };

/** '1,23,456.78', '₹ 500', '500.00 Cr', '(20.00)', '-' or blank (no amount) → a signed money string. */
export const parseStatementAmount = (text: string): Amount => {
  let value = text.replace(/₹|\bINR\b|\bRs\.?/gi, '').replace(/[,\s]/g, '');
  const suffix = /(Cr|Dr)\.?$/i.exec(value);
  const side = suffix ? (suffix[1]!.toLowerCase() === 'dr' ? 'Dr' : 'Cr') : null;
  if (suffix) value = value.slice(0, suffix.index);
  const bracketed = /^\((.*)\)$/.exec(value);
  if (bracketed) value = `-${bracketed[1]}`;
  if (value === '' || /^-+$/.test(value)) return { ok: true, value: null, side };
  if (!/^[+-]?\d+(\.\d+)?$/.test(value)) return { ok: false, why: 'is not an amount' };
  if (/\.\d{3,}$/.test(value)) return { ok: false, why: 'has more than 2 decimal places' };
  if (decimal(value).abs().gt(MONEY_MAX)) return { ok: false, why: 'is more than ₹1,000 crore' };
  return { ok: true, value: toMoney(value), side };
};

// ---------------------------------------------------------------- rows

/** Headers are compared by their letters and digits alone: 'Withdrawal Amount (INR )' is 'withdrawalamountinr'. */
export const headerKey = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');

const ROLES = ['date', 'narration', 'reference', 'cheque', 'withdrawal', 'deposit', 'amount', 'drCr', 'balance'] as const;
type Role = (typeof ROLES)[number];
const mapped = (format: StatementFormat) => ROLES.filter((r) => format[r] !== null).map((r) => [r, format[r]!] as const);

/** Where a format's columns are in a header row; null when one is missing. */
const columnsIn = (row: readonly string[], format: StatementFormat): Partial<Record<Role, number>> | null => {
  const keys = row.map(headerKey);
  const found = mapped(format).map(([role, header]) => [role, keys.indexOf(headerKey(header))] as const);
  return found.every(([, index]) => index >= 0) ? Object.fromEntries(found) : null;
};

const HEADER_SEARCH_ROWS = 50;

/** The row (0-based) holding every column of the format, among the first fifty; -1 if none does. */
export const findHeaderRow = (rows: readonly (readonly string[])[], format: StatementFormat) =>
  rows.slice(0, HEADER_SEARCH_ROWS).findIndex((row) => columnsIn(row, format) !== null);

/** The first row that looks like headers (four or more cells of words, no amounts): what the owner maps from. */
export const guessHeaderRow = (rows: readonly (readonly string[])[]) =>
  rows.slice(0, HEADER_SEARCH_ROWS).findIndex((row) => {
    const cells = row.map((c) => c.trim()).filter((c) => c !== '');
    return cells.length >= 4 && cells.every((c) => /[A-Za-z]/.test(c) && !/\d{2}/.test(c));
  });

/** A bank's preset whose headers the file has, its date format read from the file's own dates. */
export const recogniseStatement = (rows: readonly (readonly string[])[]): { readonly format: StatementFormat; readonly headerRow: number } | null => {
  for (const known of STATEMENT_PRESETS) {
    const headerRow = findHeaderRow(rows, known);
    if (headerRow < 0) continue;
    const at = columnsIn(rows[headerRow]!, known)!.date!;
    const dateFormat = detectDateFormat(rows.slice(headerRow + 1).map((r) => r[at] ?? ''), known.dateFormat) ?? known.dateFormat;
    return { format: { ...known, dateFormat }, headerRow };
  }
  return null;
};

/** One transaction as read from the statement: `row` is its line in the file (1-based). */
export interface StatementLineInput {
  readonly row: number;
  readonly date: string;
  readonly narration: string;
  readonly reference: string | null;
  readonly chequeNumber: string | null;
  readonly withdrawal: string;
  readonly deposit: string;
  readonly balance: string;
}

const clip = (text: string) => (text.length > 40 ? `${text.slice(0, 40)}…` : text);
// A cell of dashes alone ('-', '--') says "none", as a blank one does.
const textCell = (max: number) => z.string().transform((v) => v.trim().replace(/\s+/g, ' ').replace(/^-+$/, '')).pipe(z.string().max(max, `At most ${max} characters`).refine(isStorable, UNSTORABLE_MESSAGE));
const amountCell = z.string().transform((v, ctx) => {
  const amount = parseStatementAmount(v);
  if (amount.ok) return amount;
  ctx.addIssue({ code: 'custom', message: `"${clip(v.trim())}" ${amount.why}` });
  return z.NEVER;
});

/** −1 for money out (Dr), 1 for money in (Cr), 0 for neither: what a Dr/Cr cell or suffix says. */
const directionOf = (text: string) => (/^(dr|d|debit|withdrawal)$/.test(text) ? -1 : /^(cr|c|credit|deposit)$/.test(text) ? 1 : 0);

/** A row's cells by role, read and checked (zod): the date in the format's way, amounts, texts. */
const rowSchema = (format: StatementFormat) =>
  z
    .object({
      date: z.string().transform((v, ctx) => {
        const date = parseStatementDate(v, format.dateFormat);
        if (date !== null) return date;
        ctx.addIssue({ code: 'custom', message: `"${clip(v.trim())}" is not a date like ${DATE_FORMAT_EXAMPLES[format.dateFormat]}` });
        return z.NEVER;
      }),
      narration: textCell(TEXT_MAX.lineDescription),
      reference: textCell(TEXT_MAX.short),
      cheque: textCell(TEXT_MAX.reference),
      withdrawal: amountCell,
      deposit: amountCell,
      amount: amountCell,
      drCr: z.string().transform((v) => v.trim().toLowerCase()),
      balance: amountCell,
    })
    .transform((cells, ctx) => {
      const fail = (role: Role, message: string) => {
        ctx.addIssue({ code: 'custom', path: [role], message });
        return z.NEVER;
      };
      if (cells.balance.value === null) return fail('balance', 'The balance is missing');
      const balance = cells.balance.side === 'Dr' ? toMoney(decimal(cells.balance.value).abs().neg()) : cells.balance.value;
      let signed: string | null;
      if (format.amount === null) {
        const [out, into] = [cells.withdrawal.value, cells.deposit.value];
        if ((out !== null && out.startsWith('-')) || (into !== null && into.startsWith('-'))) return fail(out?.startsWith('-') ? 'withdrawal' : 'deposit', 'Withdrawals and deposits are written without a minus');
        const [w, d] = [decimal(out ?? 0), decimal(into ?? 0)];
        if (w.gt(0) && d.gt(0)) return fail('deposit', 'A row is a withdrawal or a deposit, not both');
        if (w.eq(0) && d.eq(0)) return fail('withdrawal', 'Neither a withdrawal nor a deposit');
        signed = toMoney(d.minus(w));
      } else {
        const { value, side } = cells.amount;
        const direction = format.drCr !== null ? directionOf(cells.drCr) : side === null ? null : directionOf(side.toLowerCase());
        if (direction === 0) return fail('drCr', `"${clip(cells.drCr)}" is neither Dr nor Cr`);
        if (value === null || decimal(value).eq(0)) return fail('amount', 'The amount is missing');
        signed = direction === null ? value : toMoney(decimal(value).abs().times(direction));
      }
      const amount = decimal(signed);
      return {
        date: cells.date,
        narration: cells.narration,
        reference: cells.reference || null,
        chequeNumber: cells.cheque || null,
        withdrawal: amount.lt(0) ? toMoney(amount.neg()) : '0.00',
        deposit: amount.gt(0) ? toMoney(amount) : '0.00',
        balance,
      };
    });

/** The most problems one answer lists: a wrong format makes every row wrong. */
const ISSUES_SHOWN = 20;

export interface StatementRead {
  readonly lines: readonly StatementLineInput[];
  /** Rows under the header with no date in them (headings, totals, separators): left out. */
  readonly skipped: number;
  /** Each bad row and column: `rows.7.Txn Date`, 'Row 7, Txn Date: "32/04/2026" is not a date like 01/04/2026'. */
  readonly issues: readonly Issue[];
}

/**
 * The transactions of a statement in a format, oldest first (a newest-first export is turned
 * round). Every row under the header is read through the format's zod schema; a row whose date
 * cell holds no digit is not a transaction and is counted as skipped.
 */
export const readStatement = (rows: readonly (readonly string[])[], format: StatementFormat): StatementRead => {
  const headerRow = findHeaderRow(rows, format);
  const firstColumn = mapped(format)[0]![1];
  if (headerRow < 0) return { lines: [], skipped: 0, issues: [{ path: 'format', message: `No row of the file has the format's columns (${mapped(format).map(([, h]) => h).join(', ')}); looked for "${firstColumn}" and the rest in the first ${HEADER_SEARCH_ROWS} rows` }] };
  const at = columnsIn(rows[headerRow]!, format)!;
  const schema = rowSchema(format);
  const lines: StatementLineInput[] = [];
  const issues: Issue[] = [];
  let skipped = 0;
  rows.slice(headerRow + 1).forEach((row, i) => {
    const cell = (role: Role) => (at[role] === undefined ? '' : (row[at[role]!] ?? ''));
    if (!/\d/.test(cell('date'))) {
      if (row.some((c) => c.trim() !== '')) skipped += 1;
      return;
    }
    const number = headerRow + i + 2;
    const read = schema.safeParse(Object.fromEntries(ROLES.map((r) => [r, cell(r)])));
    if (read.success) lines.push({ row: number, ...read.data });
    else for (const issue of read.error.issues) {
      const role = issue.path[0];
      const header = (typeof role === 'string' && isOneOf(ROLES, role) ? format[role] : null) ?? String(role);
      issues.push({ path: `rows.${number}.${header}`, message: `Row ${number}, ${header}: ${issue.message}` });
    }
  });
  const shown = issues.length > ISSUES_SHOWN ? [...issues.slice(0, ISSUES_SHOWN), { path: 'rows', message: `…and ${issues.length - ISSUES_SHOWN} more` }] : issues;
  const newestFirst = lines.length > 1 && lines[0]!.date > lines.at(-1)!.date;
  return { lines: newestFirst ? lines.reverse() : lines, skipped, issues: shown };
};

/** What makes two statement lines the same transaction, whichever file they came in: date, amount, reference, balance after it. */
export const statementLineKey = (line: Pick<StatementLineInput, 'date' | 'withdrawal' | 'deposit' | 'reference' | 'chequeNumber' | 'balance'>) =>
  [line.date, line.withdrawal, line.deposit, line.reference ?? line.chequeNumber ?? '', line.balance].join('|');
