import {
  adjustmentPostings,
  type AdjustmentValues,
  financialYearStart,
  indiaDate,
  ledgerCode,
  ledgersEntity,
  openingPostings,
  OPENING_ACCOUNTS_VOUCHER,
  openingAccountPostings,
  OPENING_BALANCES_SET,
  OPENING_BALANCES_STREAM,
  type OpeningBalancesSet,
  OpeningBalancesSetSchema,
  monthName,
  payrollEntity,
  payrollAccrual,
  payrollMonthEnd,
  payrollPayment,
  type PayrollValues,
  INVOICE_DOCUMENTS,
  JOURNAL_VOUCHER_EVENTS,
  type JournalVoucher,
  JournalVoucherEventSchema,
  journalVoucherStream,
  type MasterDataChange,
  readMasterDataEvent,
  stockAdjustmentsEntity,
  voucherPostings,
  type InvoiceChange,
  type InvoiceDocument,
  invoicePostings,
  REFUND_DOCUMENTS,
  repost,
  SETTLEMENT_DOCUMENTS,
  type SettlementData,
  type SettlementDocument,
  settlementPostings,
} from '@erp/contracts';
import { z } from 'zod';

import { type EventContext, defineProjection, type Rows } from '../runner/projection';
import { isReplay } from '../runner/replay-guard';
import { table } from '../runner/table';

/**
 * The journal (issue 21): every document posted to double-entry lines, one row per line, never
 * rewritten. A revision adds its old posting reversed (on its old date) and the new one; a void
 * or an inactive document adds the reversal alone. So the journal nets to the documents as they
 * stand, and read up to a position (or a moment) it is the books as they stood then.
 */
export const journalTable = table({
  name: 'journal',
  key: 'id',
  columns: {
    /** `sales-invoice-12:3:1`: the stream, the version of the event that posted it, its part (a revision's reversal is 1, the new posting 2). */
    id: 'text',
    stream: 'text',
    version: 'integer',
    voucherType: 'text',
    voucherNumber: 'text',
    voucherDate: 'date',
    /** Whether it undoes an earlier posting (a revision's or a void's first half). */
    reversal: 'boolean',
    /** The voucher's lines: account, party (`customer-5` on Sundry Debtors and Creditors), debit, credit. */
    lines: 'jsonb',
    position: 'numeric',
    recordedAt: 'timestamptz',
  },
  // A voucher per row, its lines as jsonb: a rebuild writes one row per event, not one per line
  // (4-5 times fewer), and reports read a range of dates through the one index.
  indexes: [['voucherDate']],
  appendOnly: true,
});

/** What each document last posted, to reverse when it changes. */
export const journalDocumentsTable = table({
  name: 'journal_documents',
  key: 'stream',
  columns: { stream: 'text', version: 'integer', voucherType: 'text', voucherNumber: 'text', date: 'date', postings: 'jsonb', details: 'jsonb', updatedAt: 'timestamptz' },
  versioned: true,
});

const Postings = z.array(z.object({ account: z.string(), party: z.string().nullable(), debit: z.string(), credit: z.string() }));

/** Money with a party (a payment, a receipt, a refund): what its posting needs. */
type MoneyDocument = Pick<SettlementDocument, 'label' | 'side' | 'money' | 'party' | 'streamOf'>;
type MoneyChange =
  | { readonly kind: 'recorded' | 'revised'; readonly data: Pick<SettlementData, 'id' | 'number' | 'date' | 'partyId' | 'paymentMethod' | 'totalAmount' | 'active'> }
  | { readonly kind: 'voided'; readonly id: number };

type Posted =
  | { readonly invoice: InvoiceDocument; readonly change: InvoiceChange }
  | { readonly settlement: MoneyDocument; readonly change: MoneyChange }
  | { readonly voucher: JournalVoucher; readonly change: { readonly kind: 'recorded' | 'revised' } }
  | { readonly adjustment: MasterDataChange; readonly change: { readonly kind: 'recorded' | 'revised' } }
  | { readonly ledger: MasterDataChange; readonly change: { readonly kind: 'recorded' | 'revised' } }
  | { readonly payroll: MasterDataChange; readonly change: { readonly kind: 'recorded' | 'revised' } }
  | { readonly openings: OpeningBalancesSet; readonly change: { readonly kind: 'revised' } };

/** What a ledger's opening balance is posted from, folded from its events. */
const Ledger = z.object({
  accountName: z.string().nullish(),
  accountType: z.enum(['asset', 'liability', 'equity', 'income', 'expense']).nullish(),
  openingBalance: z.string().nullish(),
});

/** What an adjustment's postings are made of, folded from its created and updated events. */
const Adjustment = z.object({
  adjustmentType: z.string().nullish(),
  quantity: z.string().nullish(),
  unitCost: z.string().nullish(),
  reason: z.string().nullish(),
  adjustmentDate: z.string().nullish(),
  active: z.boolean().nullish(),
});

/** What a payroll's posting is made of, folded from its created and updated events. */
const Payroll = z.object({
  month: z.number().nullish(),
  year: z.number().nullish(),
  basicSalary: z.string().nullish(),
  allowances: z.string().nullish(),
  deductions: z.string().nullish(),
  netSalary: z.string().nullish(),
  status: z.string().nullish(),
  paidOn: z.string().nullish(),
  paidFrom: z.string().nullish(),
  active: z.boolean().nullish(),
});

const BY_TYPE = new Map<string, (stored: Parameters<InvoiceDocument['read']>[0]) => Posted | null>([
  ...INVOICE_DOCUMENTS.filter((doc) => doc.books.posts).flatMap((doc: InvoiceDocument) =>
    [doc.events.names.recorded, doc.events.names.revised].map((type) => [type, (stored: unknown) => {
      const change = doc.read(stored);
      return change ? { invoice: doc, change } : null;
    }] as const),
  ),
  [OPENING_BALANCES_SET, (stored: unknown) => {
    const parsed = OpeningBalancesSetSchema.safeParse(stored);
    // Revised each time: the stream's one row is read and reversed when it was posted before.
    return parsed.success ? { openings: parsed.data, change: { kind: 'revised' as const } } : null;
  }] as const,
  ...Object.values(JOURNAL_VOUCHER_EVENTS).map((type) => [type, (stored: unknown) => {
    const parsed = JournalVoucherEventSchema.safeParse(stored);
    return parsed.success ? { voucher: parsed.data.data, change: { kind: parsed.data.type === JOURNAL_VOUCHER_EVENTS.recorded ? 'recorded' as const : 'revised' as const } } : null;
  }] as const),
  ...Object.values(stockAdjustmentsEntity.events.names).map((type) => [type, (stored: unknown) => {
    const adjustment = readMasterDataEvent(stockAdjustmentsEntity, stored);
    return adjustment ? { adjustment, change: { kind: adjustment.kind === 'created' ? 'recorded' as const : 'revised' as const } } : null;
  }] as const),
  ...Object.values(ledgersEntity.events.names).map((type) => [type, (stored: unknown) => {
    const ledger = readMasterDataEvent(ledgersEntity, stored);
    return ledger ? { ledger, change: { kind: ledger.kind === 'created' ? 'recorded' as const : 'revised' as const } } : null;
  }] as const),
  ...Object.values(payrollEntity.events.names).map((type) => [type, (stored: unknown) => {
    const payroll = readMasterDataEvent(payrollEntity, stored);
    return payroll ? { payroll, change: { kind: payroll.kind === 'created' ? 'recorded' as const : 'revised' as const } } : null;
  }] as const),
  // Money with a party posts when recorded, revised or voided; what refunds draw on its advance posts nothing.
  ...[...SETTLEMENT_DOCUMENTS, ...REFUND_DOCUMENTS].flatMap((doc: MoneyDocument & { read(stored: unknown): { kind: string } | null; events: { names: { recorded: string; revised: string; voided: string } } }) =>
    [doc.events.names.recorded, doc.events.names.revised, doc.events.names.voided].map((type) => [type, (stored: unknown) => {
      const change = doc.read(stored) as MoneyChange | null;
      return change ? { settlement: doc, change } : null;
    }] as const),
  ),
]);

const streamOf = (posted: Posted) => {
  if ('openings' in posted) return OPENING_BALANCES_STREAM;
  if ('adjustment' in posted) return `${stockAdjustmentsEntity.singular}-${posted.adjustment.id}`;
  if ('ledger' in posted) return ledgerCode(posted.ledger.id);
  if ('payroll' in posted) return `${payrollEntity.singular}-${posted.payroll.id}`;
  if ('voucher' in posted) return journalVoucherStream(posted.voucher.id);
  if ('invoice' in posted) return posted.invoice.streamOf('data' in posted.change ? posted.change.data.id : posted.change.id);
  return posted.settlement.streamOf('data' in posted.change ? posted.change.data.id : posted.change.id);
};

/** The voucher a change posts: its type, number, date and lines; null when it posts no change (an allocation). */
const voucherOf = (posted: Posted, part: Part, at: string, before: { readonly voucherNumber: string | null; readonly date: string | null; readonly details: unknown } | undefined) => {
  if ('ledger' in posted) {
    const { ledger } = posted;
    const values = ledger.kind === 'deleted'
      ? {}
      : Ledger.parse(Object.assign({}, ledger.kind === 'updated' ? Ledger.parse(before?.details ?? {}) : {}, ledger.kind === 'created' ? ledger.values : ledger.changes));
    // Dated where the books of the year it was added in begin, and kept there.
    const date = before?.date ?? financialYearStart(indiaDate(new Date(at)));
    const postings = ledger.kind === 'deleted' ? [] : openingPostings(ledgerCode(ledger.id), values.accountType, values.openingBalance);
    return { type: 'Opening balance', number: values.accountName ?? ledgerCode(ledger.id), date, postings, details: values };
  }
  if ('payroll' in posted) {
    const { payroll } = posted;
    const values: PayrollValues & z.output<typeof Payroll> = payroll.kind === 'deleted'
      ? { active: false }
      : Payroll.parse(Object.assign({}, payroll.kind === 'updated' ? Payroll.parse(before?.details ?? {}) : {}, payroll.kind === 'created' ? payroll.values : payroll.changes));
    const { year, month } = values;
    const monthEnd = year && month ? payrollMonthEnd(year, month) : null;
    const number = year && month ? `#${payroll.id} ${monthName(month, year)}` : `#${payroll.id}`;
    // Accrued at its month's end (issue 43); its payment, when paid, on the day it was paid (its
    // row is kept from the first event on, with the values its later changes fold onto).
    return part === 'accrual'
      ? { type: payrollEntity.label, number, date: monthEnd ?? before?.date ?? null, postings: payrollAccrual(values), details: values }
      : { type: `${payrollEntity.label} paid`, number, date: values.paidOn ?? monthEnd ?? before?.date ?? null, postings: payrollPayment(values), details: values };
  }
  if ('adjustment' in posted) {
    const { adjustment } = posted;
    const values: AdjustmentValues & { adjustmentDate?: string | null } = adjustment.kind === 'deleted'
      ? { active: false }
      : Adjustment.parse(Object.assign({}, adjustment.kind === 'updated' ? Adjustment.parse(before?.details ?? {}) : {}, adjustment.kind === 'created' ? adjustment.values : adjustment.changes));
    return { type: stockAdjustmentsEntity.label, number: `#${adjustment.id}`, date: values.adjustmentDate ?? before?.date ?? null, postings: adjustmentPostings(values), details: values };
  }
  if ('openings' in posted) {
    const { on, lines } = posted.openings.data;
    return { type: OPENING_ACCOUNTS_VOUCHER, number: OPENING_ACCOUNTS_VOUCHER, date: on, postings: openingAccountPostings(lines), details: posted.openings.data };
  }
  if ('voucher' in posted) {
    const { voucher } = posted;
    return { type: `${voucher.voucherType} voucher`, number: voucher.voucherNumber ?? `#${voucher.id}`, date: voucher.voucherDate, postings: voucherPostings(voucher), details: voucher };
  }
  if ('invoice' in posted) {
    const { invoice, change } = posted;
    if (!('data' in change)) return null;
    // An opening item is posted on the day the books begin, under its own label.
    const opening = change.data.openingOn && invoice.opening ? { type: invoice.opening.label, date: change.data.openingOn } : null;
    return { type: opening?.type ?? invoice.label, number: change.data.number, date: opening?.date ?? change.data.date, postings: invoicePostings(invoice, change.data), details: null };
  }
  const { settlement, change } = posted;
  if (change.kind === 'voided') return { type: settlement.label, number: before?.voucherNumber ?? null, date: before?.date ?? null, postings: [], details: null };
  return { type: settlement.label, number: change.data.number ?? `#${change.data.id}`, date: change.data.date, postings: settlementPostings(settlement, change.data), details: null };
};

/**
 * The vouchers a document posts, each kept as its own journal document: one, but a payroll two —
 * its accrual (key `payroll-7:accrual`, its journal rows' parts 3 and 4) and its payment (key
 * `payroll-7`, what the bank book matches).
 */
type Part = 'whole' | 'accrual';
const partsOf = (posted: Posted): readonly Part[] => ('payroll' in posted ? ['accrual', 'whole'] : ['whole']);
const keyOf = (stream: string, part: Part) => (part === 'whole' ? stream : `${stream}:${part}`);

const postVouchers = (rows: Rows, stream: string, part: Part, context: EventContext, voucher: { type: string; number: string | null }, entries: ReturnType<typeof repost>, hadBefore: boolean) => {
  entries.forEach((entry, index) => {
    const reversal = hadBefore && index === 0;
    rows.put(journalTable, {
      id: `${stream}:${context.streamVersion}:${index + (part === 'whole' ? 1 : 3)}`,
      stream,
      version: context.streamVersion,
      voucherType: voucher.type,
      voucherNumber: voucher.number,
      voucherDate: entry.date,
      reversal,
      lines: entry.postings,
      position: context.position,
      recordedAt: context.at,
    });
  });
};

export const journalProjection = defineProjection<Posted>({
  name: journalTable.name,
  // 2: journal vouchers, kept whole in journal_documents.details. 3: stock adjustments at cost. 4: ledgers' opening balances. 5: paid payrolls.
  // 6: payrolls accrued at their month's end, their payment clearing Salaries Payable (issue 43).
  // Openings (issue 43) came with no rebuild either: no log before them has one.
  // Refunds (issue 42) came with no rebuild: no log before them has one.
  version: 6,
  tables: [journalDocumentsTable, journalTable],
  handles: [...BY_TYPE.keys()],
  decode: (stored) => BY_TYPE.get(stored.type)?.(stored) ?? null,
  // The document's last posting is read unless this is its first; its lines are appended.
  rowsOf: (posted) => partsOf(posted).map((part) => ({ table: journalDocumentsTable, key: keyOf(streamOf(posted), part), fresh: posted.change.kind === 'recorded' })),
  apply: (posted, context, rows) => {
    const stream = streamOf(posted);
    for (const part of partsOf(posted)) {
      const key = keyOf(stream, part);
      const row = rows.get(journalDocumentsTable, key);
      if (isReplay(row, context)) continue;
      const before = row ? { date: row.date, postings: Postings.parse(row.postings) } : null;
      const voucher = voucherOf(posted, part, context.at, row ? { voucherNumber: row.voucherNumber, date: row.date, details: row.details } : undefined);
      if (!voucher) continue;
      const date = voucher.date ?? before?.date ?? null;
      if (date === null) continue;
      const entries = repost(before, { date, postings: voucher.postings });
      // A revision that changes no posting (a note, a reference) writes nothing: the row's older
      // version still guards the replays that matter (a replayed change is older than it).
      if (entries.length === 0 && row && row.voucherNumber === voucher.number && voucher.details === null) continue;
      postVouchers(rows, stream, part, context, voucher, entries, before !== null && before.postings.length > 0);
      // A journal voucher is kept whole (it has no read model of its own: GET …/journal-vouchers/{id}),
      // an adjustment's values too (its updates carry only what changed).
      rows.put(journalDocumentsTable, { stream: key, version: context.streamVersion, voucherType: voucher.type, voucherNumber: voucher.number, date, postings: voucher.postings, details: voucher.details, updatedAt: context.at });
    }
  },
});
