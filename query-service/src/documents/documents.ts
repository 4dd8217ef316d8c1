import {
  diffKeys,
  INVOICE_DOCUMENTS,
  type InvoiceDocument,
  readInvoiceEvent,
  readSettlementEvent,
  SETTLEMENT_DOCUMENTS,
  type SettlementDocument,
  statusOn,
  sumMoney,
} from '@erp/contracts';
import { invoiceTable, settlementTable } from '@erp/projections';
import type Router from '@koa/router';

import type { ReadDeps } from '../shared/read-your-writes';
import { documentReadRoutes, type Row } from './document.routes';

/** An invoice row as the API shows it: shares under the document's own name, overdue from today. */
const invoiceView = (doc: InvoiceDocument, now: () => Date) => (row: Row) => ({
  ...row,
  status: doc.overdue ? statusOn(String(row.status), (row.dueDate as string | null) ?? null, now()) : row.status,
  allocations: ((row.allocations ?? []) as { settlementId: number; amount: string }[]).map((a) => ({ [doc.settledBy]: a.settlementId, amount: a.amount })),
});

const invoiceReads = (router: Router, deps: ReadDeps, doc: InvoiceDocument) => {
  const view = invoiceView(doc, deps.clock ?? (() => new Date()));
  documentReadRoutes(router, deps, {
    label: doc.label,
    path: doc.path,
    table: invoiceTable(doc),
    stream: doc.streamOf,
    dateColumn: 'invoiceDate',
    search: doc.search,
    summary: (row) => doc.summary.parse(view(row)),
    document: (row) => doc.record.parse(view(row)),
    changes: (stored, before) => {
      const change = readInvoiceEvent(doc, stored);
      const paidBy = { ...((before.paidBy as Record<string, string> | undefined) ?? {}) };
      if (!change) return { changes: [], after: before };
      if ('data' in change) {
        const { id: _id, ...after } = change.data;
        return { changes: diffKeys(before, after), after: { ...after, paidBy } };
      }
      const from = sumMoney(Object.values(paidBy));
      if (change.kind === 'allocated') paidBy[change.settlementId] = change.amount;
      else delete paidBy[change.settlementId];
      const to = sumMoney(Object.values(paidBy));
      return { changes: from === to ? [] : [{ field: 'paidAmount', from, to }], after: { ...before, paidBy } };
    },
  });
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
    changes: (stored, before) => {
      const change = readSettlementEvent(doc, stored);
      if (!change) return { changes: [], after: before };
      if (change.kind === 'voided') {
        const after = { ...before, active: false, voidReason: change.reason };
        return { changes: diffKeys(before, { active: false, voidReason: change.reason }), after };
      }
      const { id: _id, ...after } = change.data;
      return { changes: diffKeys(before, after), after };
    },
  });

/** The reads of every document: invoices, payments and receipts. */
export const documentsReadRoutes = (router: Router, deps: ReadDeps) => {
  for (const doc of INVOICE_DOCUMENTS) invoiceReads(router, deps, doc);
  for (const doc of SETTLEMENT_DOCUMENTS) settlementReads(router, deps, doc);
};
