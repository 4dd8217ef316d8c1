import {
  AccountBalancesSchema,
  AgeingSchema,
  BalanceSheetAnswerSchema,
  BOOKS_PATHS,
  DashboardSchema,
  DATE_YEARS_TEXT,
  DayBookSchema,
  GSTR1_SECTIONS,
  GSTR3B_FILES,
  Gstr3bReportSchema,
  GstSummarySchema,
  LedgerAnswerSchema,
  MAX_PERIOD_YEARS,
  PartyBalancesSchema,
  ProfitAndLossAnswerSchema,
  RegisterSchema,
  StatementSchema,
  TieOutSchema,
  TrialBalanceAnswerSchema,
} from '@erp/contracts';
import { z } from 'zod';

import { ok } from '../operators/openapi-parts';

const YEARS = `a day of ${DATE_YEARS_TEXT}`;
const date = (name: string, description: string) => ({ name, in: 'query', schema: { type: 'string', format: 'date' }, description: `${description}; ${YEARS}` });
const RECORDED_BY = { name: 'recordedBy', in: 'query', schema: { type: 'string', format: 'date-time' }, description: 'Only what had been recorded by this moment counts: the books as they stood then (a later revision of an old document does not change the answer). A parameter a report does not take is a 400 naming it' };
const FY = { name: 'fy', in: 'query', schema: { type: 'string', pattern: '^\\d{4}-\\d{2}$' }, description: 'A financial year, `2025-26`: the period 1 April 2025 to 31 March 2026, or the figures as of its last day (not with from, to or asOf)' };
const PERIOD = [
  date('from', `First day (default: 1 April of the financial year of \`to\`); less than ${MAX_PERIOD_YEARS} years before \`to\` (a longer period is a 400 on \`from\`)`),
  date('to', 'Last day (default: today)'),
  FY,
  RECORDED_BY,
];
const AS_OF = [date('asOf', 'The day the figures stand at (default: today): documents dated on or before it'), date('to', 'The same as `asOf` (when both are given, `asOf`): the last day of the period screens share with the period reports'), FY, RECORDED_BY];
const COMPARE = { name: 'compare', in: 'query', schema: { type: 'string', enum: ['previous-year'] }, description: 'Adds `previous`: the same report a year earlier, to show beside it' };
const FORMAT = { name: 'format', in: 'query', schema: { type: 'string', enum: ['csv', 'pdf'], default: 'csv' } };
const download = (summary: string) => ({
  get: { tags: ['Reports'], summary, parameters: [...PERIOD, FORMAT], responses: { 200: { description: 'text/csv or application/pdf (an attachment)', content: { 'text/csv': { schema: { type: 'string' } }, 'application/pdf': { schema: { type: 'string', format: 'binary' } } } }, ...ERRORS } },
});
const MONTH = { name: 'period', in: 'query', required: true, schema: { type: 'string', pattern: '^\\d{4}-(0[1-9]|1[0-2])$' }, description: `The month, YYYY-MM, of ${DATE_YEARS_TEXT}` };
const ERRORS = { 400: { $ref: '#/components/responses/Error' }, 401: { $ref: '#/components/responses/Error' } };
/** A report's GET: its answer declared by its schema. */
const report = (tag: string, summary: string, answer: z.ZodType, parameters: readonly object[], extra: object = {}) => ({
  get: { tags: [tag], summary, parameters, responses: { 200: ok(summary, answer), ...ERRORS, ...extra } },
});

/** The books' routes in the OpenAPI document (issue 21). */
export const booksPaths = () => ({
  [BOOKS_PATHS.accounts]: report('Books', 'The chart of accounts with each ledger\'s debit, credit and balance as of a date (an income or expense ledger\'s from 1 April of that date\'s financial year)', AccountBalancesSchema, AS_OF),
  [BOOKS_PATHS.ledger('{account}')]: {
    parameters: [{ name: 'account', in: 'path', required: true, schema: { type: 'string', maxLength: 40 } }],
    ...report('Books', 'One ledger for a period: the balance brought forward, each line with the running balance, the closing balance', LedgerAnswerSchema, [...PERIOD, { name: 'party', in: 'query', schema: { type: 'string', maxLength: 40 }, description: 'Only this party\'s lines (`customer-5`, `vendor-3`)' }], { 404: { $ref: '#/components/responses/Error' } }),
  },
  [BOOKS_PATHS.dayBook]: report('Books', 'Every journal line of a period in order (at most 5,000; `truncated` says when there were more)', DayBookSchema, PERIOD),
  [BOOKS_PATHS.trialBalance]: report('Books', 'Trial balance as of a date: each ledger\'s closing balance on its side; debits equal credits; `closingStock`, the stock at cost that day, beside it. Every financial year before the date\'s is closed: income and expense ledgers count from 1 April (`financialYearFrom`), Stock-in-Hand holds the year\'s opening stock, the Profit and Loss Account the years before', TrialBalanceAnswerSchema, [...AS_OF, COMPARE]),
  [BOOKS_PATHS.profitAndLoss]: report('Reports', 'Profit and loss for a period: the trading part (`trading`: sales less returns, opening stock, purchases less returns, stock brought in otherwise, closing stock at cost, cost of goods sold, gross profit), the other income and expenses, net profit; the same for each month (`byMonth`)', ProfitAndLossAnswerSchema, [...PERIOD, COMPARE]),
  [BOOKS_PATHS.balanceSheet]: report('Reports', 'Balance sheet as of a date: assets (Stock-in-Hand at cost, as `GET /api/inventory/valuation` values it); liabilities, the profit and loss of the financial years that have ended (`retainedEarnings`) and this year\'s profit (`profit`)', BalanceSheetAnswerSchema, [...AS_OF, COMPARE]),
  [BOOKS_PATHS.debtors]: report('Reports', 'Each customer\'s balance as of a date (owed to us; negative: an advance); `total` is the balance sheet\'s Sundry Debtors', PartyBalancesSchema, AS_OF),
  [BOOKS_PATHS.creditors]: report('Reports', 'Each vendor\'s balance as of a date (we owe; negative: an advance), its MSME category and Udyam number; a micro or small enterprise\'s bills unpaid beyond 45 days (`overdueBills`, settled oldest first; Income-tax Act s.43B(h)) and their total (`msmeOverdue`); `total` is the balance sheet\'s Sundry Creditors', PartyBalancesSchema, AS_OF),
  [BOOKS_PATHS.dayBookExport]: download('The day book of a period (a financial year) to download: every journal line in date order, CSV or PDF (the first 5,000 lines)'),
  [BOOKS_PATHS.ledgersExport]: download('Every ledger of a period (a financial year) to download: its opening balance, each line with the running balance, CSV or PDF (the first 5,000 lines)'),
  [BOOKS_PATHS.statement('{party}')]: {
    parameters: [{ name: 'party', in: 'path', required: true, schema: { type: 'string', pattern: '^(customer|vendor)-\\d+$' } }],
    ...report('Reports', 'A customer\'s or vendor\'s statement of account for a period: opening balance, each document with the running balance, closing balance', StatementSchema, PERIOD, { 404: { $ref: '#/components/responses/Error' } }),
  },
  [`${BOOKS_PATHS.statement('{party}')}/pdf`]: {
    parameters: [{ name: 'party', in: 'path', required: true, schema: { type: 'string', pattern: '^(customer|vendor)-\\d+$' } }],
    get: { tags: ['Reports'], summary: 'The same statement as a PDF (A4)', parameters: PERIOD, responses: { 200: { description: 'application/pdf', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } }, ...ERRORS, 404: { $ref: '#/components/responses/Error' } } },
  },
  [BOOKS_PATHS.ageing]: report('Reports', "Receivables or payables from each party's ledger on a day, by party: what is owed (invoices, bills, opening balances) by days past due (not due, 1–30, 31–60, 61–90, 91–120, over 120), with `invoices`; receipts, payments and credits not applied by then as `onAccount` (negative) with `credits`; `total`, the party's ledger balance that day. An invoice paid after the day is outstanding on it. Any other parameter is a 400", AgeingSchema, [
    { name: 'side', in: 'query', schema: { type: 'string', enum: ['receivable', 'payable'], default: 'receivable' } },
    ...AS_OF,
  ]),
  [BOOKS_PATHS.dashboard]: report('Reports', "Home's dashboard: sales by day this month and last, receivables by age, the top five items this month, cash and bank in and out this month. It takes no parameter (any is a 400)", DashboardSchema, []),
  [BOOKS_PATHS.salesRegister]: report('Reports', 'Sales register for a period: each active sales invoice and credit note (its amounts negative) with party, GSTIN, taxable value, CGST, SGST, IGST, other tax, round off and total; the totals (at most 5,000 rows, `truncated` when there were more)', RegisterSchema, PERIOD),
  [BOOKS_PATHS.purchaseRegister]: report('Reports', 'Purchase register for a period: each active purchase invoice and debit note (its amounts negative), as the sales register', RegisterSchema, PERIOD),
  [BOOKS_PATHS.gstSummary]: {
    get: {
      tags: ['GST'],
      summary: 'The figures of GSTR-3B for a period: output tax, input tax and reverse charge by rate; nil-rated, exempt and non-GST sales; the set-off of input tax credit (CGST Act s.49(5), Rule 88A) and the tax to pay in cash per head',
      parameters: PERIOD,
      responses: { 200: { description: 'The summary', content: { 'application/json': { schema: z.toJSONSchema(GstSummarySchema, { io: 'output' }) } } }, ...ERRORS },
    },
  },
  [BOOKS_PATHS.gstr1]: {
    get: {
      tags: ['GST'],
      summary: "A month's GSTR-1 as the GST portal's offline tool takes it (b2b, b2cl, b2cs, cdnr, cdnur, nil, hsn — one table before May 2025, hsn_b2b and hsn_b2c from then —, doc_issue); with `section`, that section as CSV",
      parameters: [
        { name: 'period', in: 'query', required: true, schema: { type: 'string', pattern: '^\\d{4}-(0[1-9]|1[0-2])$' }, description: `The month, YYYY-MM, of ${DATE_YEARS_TEXT}` },
        { name: 'section', in: 'query', schema: { type: 'string', enum: [...GSTR1_SECTIONS] } },
      ],
      responses: { 200: { description: 'The return (JSON), or one section (CSV)', content: { 'application/json': { schema: { type: 'object' } }, 'text/csv': { schema: { type: 'string' } } } }, ...ERRORS },
    },
  },
  [BOOKS_PATHS.gstr3b]: {
    get: {
      tags: ['GST'],
      summary: "A month's GSTR-3B from the books: the portal's offline-utility JSON (3.1 outward and reverse-charge supplies, 3.2 inter-state to unregistered persons, 4 ITC, 5 exempt inward), the payment (6.1) after the set-off in the legal order, and the bills whose credit it counts; with `file=json`, the portal JSON alone as a file",
      parameters: [MONTH, { name: 'file', in: 'query', schema: { type: 'string', enum: [...GSTR3B_FILES] }, description: 'json: the portal JSON alone, as an attachment' }],
      responses: { 200: { description: 'The return', content: { 'application/json': { schema: z.toJSONSchema(Gstr3bReportSchema, { io: 'output' }) } } }, ...ERRORS },
    },
  },
  [BOOKS_PATHS.gstTieOut]: {
    get: {
      tags: ['GST'],
      summary: "A month's books (Sales, Sales Returns, Output and Input GST) beside GSTR-1 and GSTR-3B per head (taxable value, IGST, CGST, SGST, cess), each difference named down to the document that causes it and why; `ready` only when no difference is unexplained",
      parameters: [MONTH],
      responses: { 200: { description: 'The tie-out', content: { 'application/json': { schema: z.toJSONSchema(TieOutSchema, { io: 'output' }) } } }, ...ERRORS },
    },
  },
});

