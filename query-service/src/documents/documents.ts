import {
  allocationsAnswer,
  ANSWERS,
  ConvertedToSchema,
  quoteAnswer,
  diffKeys,
  type HistoryEntry,
  INVOICE_DOCUMENTS,
  InvoiceLineSchema,
  type RecordedEvent,
  type InvoiceDocument,
  invoiceMoney,
  REFUND_DOCUMENTS,
  type RefundDocument,
  SETTLEMENT_DOCUMENTS,
  type SettlementDocument,
  sharesAnswer,
  sumMoney,
} from '@erp/contracts';
import { invoiceTable, refundTable, settlementTable } from '@erp/projections';
import type Router from '@koa/router';
import { z } from 'zod';

import type { ReadDeps } from '../shared/read-your-writes';
import { documentReadRoutes, type Row } from './document.routes';
import { dueToRepeatRoute } from './repeats.routes';

/**
 * An invoice row as the API shows it: shares with the default settling document's id, overdue
 * from today, and what its shares say besides (an invoice's returns, a note's credit: sharesAnswer).
 */
const invoiceView = (doc: InvoiceDocument, now: () => Date) => (row: Row) => {
  const shares = ShareList.parse(row.allocations ?? []);
  const lines = z.array(InvoiceLineSchema).parse(row.lines ?? []);
  const totalAmount = String(row.totalAmount);
  const dueDate = DueDate.parse(row[doc.dueField] ?? null);
  if (doc.owed === false) {
    const conversions = Object.fromEntries(z.array(ConvertedToSchema).parse(row.conversions ?? []).map(({ by, ...c }) => [by, c]));
    return { ...row, ...quoteAnswer(doc, { lines, answer: Answer.parse(row.answer ?? null), dueDate }, conversions, now()) };
  }
  return {
    ...row,
    ...invoiceMoney(doc, { totalAmount, dueDate }, shares, now()),
    ...sharesAnswer(doc, { totalAmount, active: row.active === true, lines }, shares),
    allocations: allocationsAnswer(doc, shares),
  };
};

const Lodged = z.object({ total: z.string(), lines: z.array(z.object({ lineNo: z.number(), quantity: z.string() })) });
const DueDate = z.string().nullable();
const Answer = z.enum(ANSWERS).nullable();
const ShareList = z.array(z.object({ by: z.string(), as: z.enum(['paid', 'credited']), amount: z.string(), lodged: Lodged.nullish() }));

/** What one event of an invoice changed, field by field, from the document as it stood (its history, the activity log). */
export const invoiceChanges = (doc: InvoiceDocument) => (stored: RecordedEvent, before: Row): { changes: HistoryEntry['changes']; after: Row } => {
  const change = doc.read(stored);
  const settledBy = ShareMap.parse(before.settledBy ?? {});
  if (!change) return { changes: [], after: before };
  if ('data' in change) {
    const { id: _id, ...after } = doc.storedData(change.data);
    return { changes: diffKeys(before, after), after: { ...after, settledBy } };
  }
  // What a document made from this one took shows on its own page (convertedTo), not as a change here.
  if (change.kind === 'converted' || change.kind === 'unconverted') return { changes: [], after: before };
  const from = sumMoney(Object.values(settledBy));
  if (change.kind === 'allocated') settledBy[change.by] = change.amount;
  else delete settledBy[change.by];
  const to = sumMoney(Object.values(settledBy));
  return { changes: from === to ? [] : [{ field: 'paidAmount', from, to }], after: { ...before, settledBy } };
};

const invoiceReads = (router: Router, deps: ReadDeps, doc: InvoiceDocument) => {
  const view = invoiceView(doc, deps.clock ?? (() => new Date()));
  if (doc.repeats) dueToRepeatRoute(router, deps, doc, (row) => doc.summary.parse(view(row)));
  documentReadRoutes(router, deps, {
    label: doc.label,
    path: doc.path,
    table: invoiceTable(doc),
    stream: doc.streamOf,
    dateColumn: doc.dateField,
    search: doc.search,
    summary: (row) => doc.summary.parse(view(row)),
    document: (row) => doc.record.parse(view(row)),
    changes: invoiceChanges(doc),
  });
};

const ShareMap = z.record(z.string(), z.string());

/**
 * What one event of a payment or receipt changed, field by field (a void: active and its reason;
 * a refund drawing on its advance, or no longer: what is refunded of it).
 */
export const settlementChanges = (doc: SettlementDocument) => (stored: RecordedEvent, before: Row): { changes: HistoryEntry['changes']; after: Row } => {
  const change = doc.read(stored);
  if (!change) return { changes: [], after: before };
  if (change.kind === 'voided') {
    const after = { ...before, active: false, voidReason: change.reason };
    return { changes: diffKeys(before, { active: false, voidReason: change.reason }), after };
  }
  const refunds = ShareMap.parse(before.refunds ?? {});
  if (change.kind === 'allocated' || change.kind === 'released') {
    const from = sumMoney(Object.values(refunds));
    if (change.kind === 'allocated') refunds[change.by] = change.amount;
    else delete refunds[change.by];
    const to = sumMoney(Object.values(refunds));
    return { changes: from === to ? [] : [{ field: 'refundedAmount', from, to }], after: { ...before, refunds } };
  }
  const { id: _id, ...after } = doc.storedData(change.data);
  return { changes: diffKeys(before, after), after: { ...after, refunds } };
};

const settlementReads = (router: Router, deps: ReadDeps, doc: SettlementDocument) =>
  documentReadRoutes(router, deps, {
    label: doc.label,
    path: doc.path,
    table: settlementTable(doc),
    stream: doc.streamOf,
    dateColumn: doc.dateField,
    search: doc.search,
    summary: (row) => doc.summary.parse(row),
    document: (row) => doc.record.parse(row),
    changes: settlementChanges(doc),
  });

/** What one event of a refund changed, field by field (a void: active and its reason). */
export const refundChanges = (doc: RefundDocument) => (stored: RecordedEvent, before: Row): { changes: HistoryEntry['changes']; after: Row } => {
  const change = doc.read(stored);
  if (!change) return { changes: [], after: before };
  if (change.kind === 'voided') return { changes: diffKeys(before, { active: false, voidReason: change.reason }), after: { ...before, active: false, voidReason: change.reason } };
  const { id: _id, ...after } = doc.storedData(change.data);
  return { changes: diffKeys(before, after), after };
};

const refundReads = (router: Router, deps: ReadDeps, doc: RefundDocument) =>
  documentReadRoutes(router, deps, {
    label: doc.label,
    path: doc.path,
    table: refundTable(doc),
    stream: doc.streamOf,
    dateColumn: doc.dateField,
    search: doc.search,
    summary: (row) => doc.summary.parse(row),
    document: (row) => doc.record.parse(row),
    changes: refundChanges(doc),
  });

/** The reads of every document: invoices, payments, receipts and refunds. */
export const documentsReadRoutes = (router: Router, deps: ReadDeps) => {
  for (const doc of INVOICE_DOCUMENTS) invoiceReads(router, deps, doc);
  for (const doc of SETTLEMENT_DOCUMENTS) settlementReads(router, deps, doc);
  for (const doc of REFUND_DOCUMENTS) refundReads(router, deps, doc);
};
