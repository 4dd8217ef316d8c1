import {
  decimal,
  INVOICE_DOCUMENTS,
  type InvoiceChange,
  type InvoiceDocument,
  type MasterDataChange,
  movesStock,
  readMasterDataEvent,
  stockAdjustmentsEntity,
} from '@erp/contracts';
import { z } from 'zod';

import { defineProjection } from '../runner/projection';
import { isReplay } from '../runner/replay-guard';
import { table } from '../runner/table';

/**
 * Where stock comes from (the GST issue: stock follows the documents): one row per stock
 * adjustment and per document that moves stock, keyed by its stream, with its movements as
 * jsonb (item → signed quantity). An item's stock is the sum of its movements on active rows;
 * its ledger is the rows that name it.
 */
export const stockMovementsTable = table({
  name: 'stock_movements',
  key: 'stream',
  columns: {
    stream: 'text',
    source: 'text',
    sourceId: 'integer',
    version: 'integer',
    date: 'date',
    reference: 'text',
    active: 'boolean',
    /** An adjustment's own values, to fold its updates: item, type, quantity, reason, date. */
    details: 'jsonb',
    movements: 'jsonb',
    updatedAt: 'timestamptz',
  },
  versioned: true,
});

export const Movements = z.array(z.object({ itemId: z.number().int(), quantity: z.string() }));
const Adjustment = z.object({
  itemId: z.number().int().nullable().optional(),
  adjustmentType: z.string().nullable().optional(),
  quantity: z.string().nullable().optional(),
  reason: z.string().nullable().optional(),
  adjustmentDate: z.string().nullable().optional(),
  active: z.boolean().nullable().optional(),
});

type Moved = { readonly adjustment: MasterDataChange } | { readonly doc: InvoiceDocument; readonly change: InvoiceChange };

const MOVING = INVOICE_DOCUMENTS.filter((doc) => doc.stock !== undefined);
const BY_TYPE = new Map<string, InvoiceDocument>(MOVING.flatMap((doc) => [doc.events.names.recorded, doc.events.names.revised].map((type) => [type, doc] as const)));

/** SEED-SPEC §4: increases add, every other type subtracts; a missing quantity counts as 0. */
const adjustmentMovements = (a: z.output<typeof Adjustment>) =>
  a.itemId ? [{ itemId: a.itemId, quantity: (a.adjustmentType === 'increase' ? decimal(a.quantity ?? 0) : decimal(a.quantity ?? 0).neg()).toString() }] : [];

/** A document's lines with an item, summed per item, signed by the way its stock moves. */
const documentMovements = (doc: InvoiceDocument, lines: readonly { readonly itemId: number | null; readonly quantity: string }[]) => {
  const byItem = new Map<number, ReturnType<typeof decimal>>();
  for (const line of lines) if (line.itemId !== null) byItem.set(line.itemId, (byItem.get(line.itemId) ?? decimal(0)).plus(decimal(line.quantity)));
  return [...byItem].map(([itemId, q]) => ({ itemId, quantity: (doc.stock === 'out' ? q.neg() : q).toString() }));
};

const streamOf = (moved: Moved) => {
  if ('adjustment' in moved) return `${stockAdjustmentsEntity.singular}-${moved.adjustment.id}`;
  return moved.doc.streamOf('data' in moved.change ? moved.change.data.id : moved.change.id);
};

export const stockMovementsProjection = defineProjection<Moved>({
  name: stockMovementsTable.name,
  version: 1,
  tables: [stockMovementsTable],
  handles: [...Object.values(stockAdjustmentsEntity.events.names), ...BY_TYPE.keys()],
  decode: (stored) => {
    const doc = BY_TYPE.get(stored.type);
    if (doc) {
      const change = doc.read(stored);
      return change ? { doc, change } : null;
    }
    const adjustment = readMasterDataEvent(stockAdjustmentsEntity, stored);
    return adjustment ? { adjustment } : null;
  },
  // A document recorded or an adjustment created is a whole row: nothing to read first.
  rowsOf: (moved) => [{ table: stockMovementsTable, key: streamOf(moved), fresh: 'adjustment' in moved ? moved.adjustment.kind === 'created' : moved.change.kind === 'recorded' }],
  apply: (moved, context, rows) => {
    const stream = streamOf(moved);
    const row = rows.get(stockMovementsTable, stream);
    if (isReplay(row, context)) return;
    const stamp = { version: context.streamVersion, updatedAt: context.at };
    if ('adjustment' in moved) {
      const change = moved.adjustment;
      if (change.kind === 'deleted') {
        if (row) rows.put(stockMovementsTable, Object.assign({}, row, stamp, { active: false }));
        return;
      }
      const details = Adjustment.parse(Object.assign({}, change.kind === 'updated' ? Adjustment.parse(row?.details ?? {}) : {}, change.kind === 'created' ? change.values : change.changes));
      rows.put(stockMovementsTable, {
        stream,
        source: stockAdjustmentsEntity.singular,
        sourceId: change.id,
        date: details.adjustmentDate ?? null,
        reference: details.reason ?? null,
        active: details.active !== false,
        details,
        movements: adjustmentMovements(details),
        ...stamp,
      });
      return;
    }
    const { doc, change } = moved;
    if (!('data' in change)) return;
    const data = change.data;
    rows.put(stockMovementsTable, {
      stream,
      source: doc.stream,
      sourceId: data.id,
      date: data.date,
      reference: data.number,
      active: data.active,
      details: null,
      // A price difference moves no stock.
      movements: movesStock(doc, data) ? documentMovements(doc, data.lines) : [],
      ...stamp,
    });
  },
});
