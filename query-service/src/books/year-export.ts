import { type Business, type Chart, csvRow, decimal, financialYearStart, isProfitAndLoss, rupees, toMoney } from '@erp/contracts';
import type { ReadDb } from '@erp/projections';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { sql } from 'kysely';

import { indiaDate, num, renderPdf, t } from '../documents/pdf/document-pdf';
import { journalLines, type Window, windowWhere } from './journal-sql';

/** At most this many lines in a PDF (a year of a small shop's books fits); the CSV has them all. */
export const PDF_MAX_LINES = 5000;

/** A line of an export: the day book's, or a ledger's with its running balance. */
export interface ExportLine {
  readonly date: string;
  readonly voucher: string;
  readonly account: string;
  readonly party: string | null;
  readonly debit: string;
  readonly credit: string;
  readonly balance?: string;
}

interface Line { date: string; voucher_type: string; voucher_number: string | null; account: string; party: string | null; debit: string; credit: string }

const voucherOf = (r: Line) => `${r.voucher_type}${r.voucher_number ? ` ${r.voucher_number}` : ''}`;

/** Every journal line of a period in date order, named: the day book. */
export const dayBookLines = async (db: ReadDb, chart: Chart, w: Window & { from: string }): Promise<ExportLine[]> => {
  const { rows } = await sql<Line>`
    select voucher_date::text as date, voucher_type, voucher_number, account, party, debit::text, credit::text
    from ${journalLines} where ${windowWhere(w)} order by voucher_date, position, j.id`.execute(db);
  return rows.map((r) => ({ date: r.date, voucher: voucherOf(r), account: chart.of(r.account)?.accountName ?? r.account, party: r.party, debit: toMoney(r.debit), credit: toMoney(r.credit) }));
};

/**
 * Every ledger of a period, in the chart's order: its balance brought forward (an income or
 * expense ledger's from 1 April, the years before closed), each line with the running balance.
 */
export const ledgerLines = async (db: ReadDb, chart: Chart, w: Window & { from: string }): Promise<ExportLine[]> => {
  const yearStart = financialYearStart(w.from);
  const recorded = w.recordedBy ? sql`and recorded_at <= ${w.recordedBy}::timestamptz` : sql``;
  const [{ rows: openings }, { rows }] = await Promise.all([
    sql<{ account: string; yearly: string; all: string }>`
      select account, coalesce(sum(debit - credit) filter (where voucher_date >= ${yearStart}::date), 0)::text as yearly, sum(debit - credit)::text as all
      from ${journalLines} where voucher_date < ${w.from}::date ${recorded} group by account`.execute(db),
    sql<Line>`
      select voucher_date::text as date, voucher_type, voucher_number, account, party, debit::text, credit::text
      from ${journalLines} where ${windowWhere(w)} order by account, voucher_date, position, j.id`.execute(db),
  ]);
  const opening = new Map(openings.map((o) => [o.account, o]));
  return chart.accounts.flatMap((a) => {
    const o = opening.get(a.code);
    const lines = rows.filter((r) => r.account === a.code);
    let balance = decimal((isProfitAndLoss(a.accountType) ? o?.yearly : o?.all) ?? 0);
    if (lines.length === 0 && balance.eq(0)) return [];
    const head: ExportLine = { date: w.from, voucher: 'Opening balance', account: a.accountName, party: null, debit: '', credit: '', balance: toMoney(balance) };
    return [head, ...lines.map((r): ExportLine => {
      balance = balance.plus(decimal(r.debit)).minus(decimal(r.credit));
      return { date: r.date, voucher: voucherOf(r), account: a.accountName, party: r.party, debit: toMoney(r.debit), credit: toMoney(r.credit), balance: toMoney(balance) };
    })];
  });
};

/** The lines as CSV (CRLF line ends), a header first. */
export const exportCsv = (lines: readonly ExportLine[], withBalance: boolean) => {
  const header = ['Date', 'Voucher', 'Ledger', 'Party', 'Debit', 'Credit', ...(withBalance ? ['Balance'] : [])];
  const body = lines.map((l) => csvRow([l.date, l.voucher, l.account, l.party, l.debit, l.credit, ...(withBalance ? [l.balance ?? ''] : [])]));
  return `${[csvRow(header), ...body].join('\r\n')}\r\n`;
};

const amount = (value: string) => (value === '' || decimal(value).eq(0) ? '' : rupees(value));

/** The lines as an A4 PDF: the business, the title, the period, a table (at most PDF_MAX_LINES lines). */
export const exportPdf = async (title: string, period: { from: string; to: string }, lines: readonly ExportLine[], withBalance: boolean, business: Business | null): Promise<Buffer> => {
  const us = business ? business.tradeName || business.legalName : title;
  const shown = lines.slice(0, PDF_MAX_LINES);
  const head = ['Date', 'Voucher', 'Ledger', 'Debit', 'Credit', ...(withBalance ? ['Balance'] : [])].map((h, i) => (i < 3 ? t(h, { bold: true }) : num(h, { bold: true })));
  const body = shown.map((l) => [t(indiaDate(l.date)), t(l.voucher), t(l.party ? `${l.account} (${l.party})` : l.account), num(amount(l.debit)), num(amount(l.credit)), ...(withBalance ? [num(l.balance === undefined ? '' : rupees(l.balance))] : [])]);
  const definition: TDocumentDefinitions = {
    pageSize: 'A4',
    pageOrientation: 'landscape',
    pageMargins: [28, 28, 28, 36],
    info: { title, author: us, creator: 'Udyam ERP' },
    defaultStyle: { font: 'Latin', fontSize: 8 },
    footer: (page: number, pages: number) => t(`Page ${page} of ${pages}`, { alignment: 'center', fontSize: 7, color: '#777777' }),
    content: [
      t(us, { fontSize: 13, bold: true }),
      ...(business?.gstin ? [t(`GSTIN: ${business.gstin}`)] : []),
      t(title, { fontSize: 11, bold: true, margin: [0, 8, 0, 2] }),
      t(`${indiaDate(period.from)} to ${indiaDate(period.to)}`, { margin: [0, 0, 0, 6] }),
      ...(lines.length > PDF_MAX_LINES ? [t(`The first ${PDF_MAX_LINES.toLocaleString('en-IN')} of ${lines.length.toLocaleString('en-IN')} lines: the CSV has them all.`, { italics: true, margin: [0, 0, 0, 6] })] : []),
      {
        table: { headerRows: 1, widths: ['auto', '*', '*', 'auto', 'auto', ...(withBalance ? ['auto'] : [])], body: [head, ...body] },
        layout: 'lightHorizontalLines',
      } satisfies Content,
    ],
  };
  return renderPdf(definition);
};
