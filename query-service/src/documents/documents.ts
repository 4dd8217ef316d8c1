import {
  diffKeys,
  type HistoryEntry,
  INVOICE_DOCUMENTS,
  type RecordedEvent,
  type InvoiceDocument,
  SETTLEMENT_DOCUMENTS,
  type SettlementDocument,
  statusOn,
  sumMoney,
} from '@erp/contracts';
import { invoiceTable, settlementTable } from '@erp/projections';
import type Router from '@koa/router';
import { z } from 'zod';

import type { ReadDeps } from '../shared/read-your-writes';
import { documentReadRoutes, type Row } from './document.routes';

/** An invoice row as the API shows it: shares with the default settling document's id, overdue from today. */
const invoiceView = (doc: InvoiceDocument, now: () => Date) => (row: Row) => {
  const shares = ShareList.parse(row.allocations ?? []);
  return {
    ...row,
    status: doc.overdue ? statusOn(String(row.status), (row.dueDate as string | null) ?? null, now()) : row.status,
    allocations: allocationsOf(doc, shares),
  };
};

const ShareList = z.array(z.object({ by: z.string(), as: z.enum(['paid', 'credited']), amount: z.string() }));

/** Shares as the API lists them (the command side answers the same: invoice.decider.ts allocationsOf). */
const allocationsOf = (doc: InvoiceDocument, shares: z.output<typeof ShareList>) =>
  shares.map(({ by, as, amount }) => {
    const own = by.startsWith(`${doc.settledByStream}-`) ? Number(by.slice(doc.settledByStream.length + 1)) : null;
    return { by, as, amount, ...(own !== null && Number.isInteger(own) ? { [doc.settledBy]: own } : {}) };
  });

/** What one event of an invoice changed, field by field, from the document as it stood (its history, the activity log). */
export const invoiceChanges = (doc: InvoiceDocument) => (stored: RecordedEvent, before: Row): { changes: HistoryEntry['changes']; after: Row } => {
  const change = doc.read(stored);
  const settledBy = ShareMap.parse(before.settledBy ?? {});
  if (!change) return { changes: [], after: before };
  if ('data' in change) {
    const { id: _id, ...after } = doc.storedData(change.data);
    return { changes: diffKeys(before, after), after: { ...after, settledBy } };
  }
  const from = sumMoney(Object.values(settledBy));
  if (change.kind === 'allocated') settledBy[change.by] = change.amount;
  else delete settledBy[change.by];
  const to = sumMoney(Object.values(settledBy));
  return { changes: from === to ? [] : [{ field: 'paidAmount', from, to }], after: { ...before, settledBy } };
};

const invoiceReads = (router: Router, deps: ReadDeps, doc: InvoiceDocument) => {
  const view = invoiceView(doc, deps.clock ?? (() => new Date()));
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

/** What one event of a payment or receipt changed, field by field (a void: active and its reason). */
export const settlementChanges = (doc: SettlementDocument) => (stored: RecordedEvent, before: Row): { changes: HistoryEntry['changes']; after: Row } => {
  const change = doc.read(stored);
  if (!change) return { changes: [], after: before };
  if (change.kind === 'voided') {
    const after = { ...before, active: false, voidReason: change.reason };
    return { changes: diffKeys(before, { active: false, voidReason: change.reason }), after };
  }
  const { id: _id, ...after } = doc.storedData(change.data);
  return { changes: diffKeys(before, after), after };
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

/** The reads of every document: invoices, payments and receipts. */
export const documentsReadRoutes = (router: Router, deps: ReadDeps) => {
  for (const doc of INVOICE_DOCUMENTS) invoiceReads(router, deps, doc);
  for (const doc of SETTLEMENT_DOCUMENTS) settlementReads(router, deps, doc);
};
