import {
  decimal,
  toMoney,
  INVOICE_DOCUMENTS,
  type InvoiceChange,
  type InvoiceDocument,
  type MasterDataChange,
  movesStock,
  readMasterDataEvent,
  stockAdjustmentsEntity,
} from '@erp/contracts';
import { z } from 'zod';

import { defineProjection, type Rows } from '../runner/projection';
import { isReplay } from '../runner/replay-guard';
import { type RowOf, table } from '../runner/table';

/**
 * Where stock comes from (the GST issue: stock follows the documents): one row per stock
 * adjustment and per document that moves stock, keyed by its stream, with its movements as
 * jsonb (item → signed quantity, and the cost of an inflow that carries one). An item's stock
 * is the sum of its movements on active rows; its ledger is the rows that name it; its value at
 * cost is the moving average folded over them in order of date, then `seq` (issue 42).
 */
export const stockMovementsTable = table({
  name: 'stock_movements',
  key: 'stream',
  columns: {
    stream: 'text',
    source: 'text',
    sourceId: 'integer',
    version: 'integer',
    /** The log position where the stream was first recorded: the order of a day's movements. */
    seq: 'numeric',
    date: 'date',
    reference: 'text',
    active: 'boolean',
    /** An adjustment's own values, to fold its updates: item, type, quantity, cost, reason, date. */
    details: 'jsonb',
    movements: 'jsonb',
    updatedAt: 'timestamptz',
  },
  versioned: true,
});

/**
 * Every version of each row, never rewritten (like the journal): the stock as known at a moment
 * is each stream's latest version recorded by then, so a valuation "as the books stood" reads
 * the same movements the journal read up to that moment posts.
 */
export const stockMovementHistoryTable = table({
  name: 'stock_movement_history',
  key: 'id',
  columns: {
    /** `purchase-invoice-12:3`: the stream and the version of the event that made it. */
    id: 'text',
    stream: 'text',
    version: 'integer',
    seq: 'numeric',
    date: 'date',
    active: 'boolean',
    movements: 'jsonb',
    recordedAt: 'timestamptz',
  },
  indexes: [['recordedAt']],
  appendOnly: true,
});

/** One row's movements: signed quantity, and the value (money) of an inflow with a cost, else null. */
export const Movements = z.array(z.object({ itemId: z.number().int(), quantity: z.string(), value: z.string().nullable() }));
const Adjustment = z.object({
  itemId: z.number().int().nullable().optional(),
  adjustmentType: z.string().nullable().optional(),
  quantity: z.string().nullable().optional(),
  unitCost: z.string().nullable().optional(),
  reason: z.string().nullable().optional(),
  adjustmentDate: z.string().nullable().optional(),
  active: z.boolean().nullable().optional(),
});

type Moved = { readonly adjustment: MasterDataChange } | { readonly doc: InvoiceDocument; readonly change: InvoiceChange };

const MOVING = INVOICE_DOCUMENTS.filter((doc) => doc.stock !== undefined);
const BY_TYPE = new Map<string, InvoiceDocument>(MOVING.flatMap((doc) => [doc.events.names.recorded, doc.events.names.revised].map((type) => [type, doc] as const)));

/**
 * SEED-SPEC §4: increases add, every other type subtracts; a missing quantity counts as 0. An
 * increase is valued as the journal posts it (quantity × cost per unit, to the paisa); a
 * decrease, and an increase without a cost, at the average.
 */
const adjustmentMovements = (a: z.output<typeof Adjustment>) => {
  if (!a.itemId) return [];
  const quantity = decimal(a.quantity ?? 0);
  if (a.adjustmentType !== 'increase') return [{ itemId: a.itemId, quantity: quantity.neg().toString(), value: null }];
  return [{ itemId: a.itemId, quantity: quantity.toString(), value: a.unitCost ? toMoney(quantity.times(decimal(a.unitCost))) : null }];
};

/** A purchase invoice's lines bring their cost in (their taxable value); a return comes back at the average. */
const carriesCost = (doc: InvoiceDocument) => doc.side === 'purchase' && doc.stock === 'in' && doc.against === undefined;

type Line = { readonly itemId: number | null; readonly quantity: string; readonly taxableValue: string; readonly stockMoved?: boolean };

/**
 * A document's lines with an item, summed per item, signed by the way its stock moves, with their
 * cost when they carry one; a line whose stock its source already moved (`stockMoved`) moves none.
 */
const documentMovements = (doc: InvoiceDocument, lines: readonly Line[]) => {
  const byItem = new Map<number, { quantity: ReturnType<typeof decimal>; value: ReturnType<typeof decimal> }>();
  for (const line of lines) {
    if (line.itemId === null || line.stockMoved) continue;
    const sum = byItem.get(line.itemId);
    if (sum) {
      sum.quantity = sum.quantity.plus(decimal(line.quantity));
      sum.value = sum.value.plus(decimal(line.taxableValue));
    } else byItem.set(line.itemId, { quantity: decimal(line.quantity), value: decimal(line.taxableValue) });
  }
  const costed = carriesCost(doc);
  return [...byItem].map(([itemId, m]) => ({ itemId, quantity: (doc.stock === 'out' ? m.quantity.neg() : m.quantity).toString(), value: costed ? toMoney(m.value) : null }));
};

const streamOf = (moved: Moved) => {
  if ('adjustment' in moved) return `${stockAdjustmentsEntity.singular}-${moved.adjustment.id}`;
  return moved.doc.streamOf('data' in moved.change ? moved.change.data.id : moved.change.id);
};

/** A row as it now stands, and the same as a version of its history. */
const keep = (rows: Rows, row: RowOf<typeof stockMovementsTable> & { stream: string; version: number; updatedAt: string }) => {
  rows.put(stockMovementsTable, row);
  rows.put(stockMovementHistoryTable, {
    id: `${row.stream}:${row.version}`,
    stream: row.stream,
    version: row.version,
    seq: row.seq,
    date: row.date,
    active: row.active,
    movements: row.movements,
    recordedAt: row.updatedAt,
  });
};

export const stockMovementsProjection = defineProjection<Moved>({
  name: stockMovementsTable.name,
  // 2: the cost of inflows, `seq` and the history (issue 42).
  version: 2,
  tables: [stockMovementsTable, stockMovementHistoryTable],
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
    // Where the stream was first recorded stays its place among a day's movements.
    const stamp = { version: context.streamVersion, updatedAt: context.at, seq: row?.seq ?? context.position };
    if ('adjustment' in moved) {
      const change = moved.adjustment;
      if (change.kind === 'deleted') {
        if (row) keep(rows, Object.assign({}, row, stamp, { stream, active: false }));
        return;
      }
      const details = Adjustment.parse(Object.assign({}, change.kind === 'updated' ? Adjustment.parse(row?.details ?? {}) : {}, change.kind === 'created' ? change.values : change.changes));
      keep(rows, {
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
    keep(rows, {
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
