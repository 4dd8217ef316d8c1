import {
  type InvoiceDocument,
  invoiceStatus,
  readInvoiceEvent,
  type InvoiceChange,
  subtractMoney,
  sumMoney,
} from '@erp/contracts';

import { defineProjection } from '../runner/projection';
import { isReplay } from '../runner/replay-guard';
import { type ColumnKind, STREAM_ROW_COLUMNS, type TableSpec } from '../runner/table';

/** A settling document's share of an invoice, as the list keeps it. */
interface Share {
  readonly settlementId: number;
  readonly amount: string;
}

/**
 * One row per invoice: what it says, what is paid on it, and its derived status; lines and
 * allocations as jsonb (DESIGN §4: GET …/{id} needs no join).
 */
export const invoiceTable = (doc: InvoiceDocument): TableSpec => {
  const texts: Record<string, ColumnKind> = Object.fromEntries(doc.texts.map((t) => [t, 'text']));
  const spec: TableSpec = {
    name: doc.listTable,
    key: 'id',
    versioned: true,
    columns: {
      ...STREAM_ROW_COLUMNS,
      [doc.party.field]: 'integer',
      invoiceNumber: 'text',
      invoiceDate: 'date',
      dueDate: 'date',
      subTotal: 'numeric',
      taxAmount: 'numeric',
      totalAmount: 'numeric',
      paidAmount: 'numeric',
      balanceDue: 'numeric',
      status: 'text',
      ...texts,
      active: 'boolean',
      lines: 'jsonb',
      allocations: 'jsonb',
    },
    indexes: [[doc.party.field], ['invoiceDate']],
  };
  return spec;
};

/** Paid amount, balance and status from the total and the shares (DESIGN §3.5). */
const money = (total: string, shares: readonly Share[]) => {
  const paidAmount = sumMoney(shares.map((a) => a.amount));
  return { paidAmount, balanceDue: subtractMoney(total, paidAmount), status: invoiceStatus(total, paidAmount) };
};

export const invoiceListProjection = (doc: InvoiceDocument, version = 1) => {
  const list = invoiceTable(doc);
  return defineProjection<InvoiceChange>({
    name: list.name,
    version,
    tables: [list],
    handles: doc.events.types,
    decode: (stored) => readInvoiceEvent(doc, stored),
    rowsOf: (change) => {
      const id = 'data' in change ? change.data.id : change.id;
      return [{ table: list, key: id, fresh: change.kind === 'recorded' }];
    },
    apply: (change, context, rows) => {
      const id = 'data' in change ? change.data.id : change.id;
      const row = rows.get(list, id);
      if (isReplay(row, context)) return;
      const stamp = { version: context.streamVersion, updatedAt: context.at };
      const shares = (row?.allocations ?? []) as Share[];
      switch (change.kind) {
        case 'recorded':
          rows.put(list, { ...change.data, ...stamp, createdAt: context.at, allocations: [], ...money(change.data.totalAmount, []) });
          return;
        case 'revised':
          if (row) rows.put(list, { ...row, ...change.data, ...stamp, ...money(change.data.totalAmount, shares) });
          return;
        case 'allocated':
        case 'released': {
          if (!row) return;
          const others = shares.filter((a) => a.settlementId !== change.settlementId);
          const next = change.kind === 'allocated' ? [...others, { settlementId: change.settlementId, amount: change.amount }] : others;
          rows.put(list, { ...row, ...stamp, allocations: next, ...money(String(row.totalAmount), next) });
          return;
        }
      }
    },
  });
};
