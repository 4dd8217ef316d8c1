import { type SettlementChange, type SettlementDocument, settlementAnswer } from '@erp/contracts';

import { defineProjection } from '../runner/projection';
import { isReplay } from '../runner/replay-guard';
import { type ColumnKind, STREAM_ROW_COLUMNS, type TableSpec } from '../runner/table';

/** One row per payment or receipt, its lines as recorded (invoice number and amount then). */
export const settlementTable = (doc: SettlementDocument): TableSpec => {
  const texts: Record<string, ColumnKind> = Object.fromEntries(doc.texts.map((t) => [t, 'text']));
  const spec: TableSpec = {
    name: doc.listTable,
    key: 'id',
    versioned: true,
    columns: {
      ...STREAM_ROW_COLUMNS,
      [doc.numberField]: 'text',
      [doc.party.field]: 'integer',
      [doc.dateField]: 'date',
      paymentMethod: 'text',
      ...texts,
      totalAmount: 'numeric',
      active: 'boolean',
      invoiceId: 'integer',
      voidReason: 'text',
      lines: 'jsonb',
      appliedAmount: 'numeric',
      refundedAmount: 'numeric',
      unappliedAmount: 'numeric',
      /** The refunds that drew on its advance: `{ by, amount }`. */
      refunds: 'jsonb',
    },
    indexes: [[doc.party.field], [doc.dateField]],
  };
  return spec;
};

type Refund = { readonly by: string; readonly amount: string };

/** Applied, refunded and unapplied from the document and the refunds that drew on it. */
const figures = (data: Parameters<typeof settlementAnswer>[0], refunds: readonly Refund[]) => settlementAnswer(data, refunds);

const idOf = (change: SettlementChange) => ('data' in change ? change.data.id : change.id);

// Version 2: voiding (voidReason column, DocumentVoided events). Version 3: the number of its series.
// Version 4: advances — applied, refunded and unapplied amounts, and the refunds that drew on them.
export const settlementListProjection = (doc: SettlementDocument, version = 4) => {
  const list = settlementTable(doc);
  return defineProjection<SettlementChange>({
    name: list.name,
    version,
    tables: [list],
    handles: doc.events.types,
    decode: (stored) => doc.read(stored),
    rowsOf: (change) => [{ table: list, key: idOf(change), fresh: change.kind === 'recorded' }],
    apply: (change, context, rows) => {
      const id = idOf(change);
      const row = rows.get(list, id);
      if (isReplay(row, context)) return;
      const stamp = { version: context.streamVersion, updatedAt: context.at };
      const refunds = (row?.refunds ?? []) as Refund[];
      // What the lines settled, as recorded (their amounts under the document's own name).
      const recordedLines = () => ((row?.lines ?? []) as Record<string, unknown>[]).map((l) => ({ amount: String(l[doc.lineAmount.field]) }));
      switch (change.kind) {
        case 'recorded':
          rows.put(list, Object.assign(doc.storedData(change.data), { invoiceId: change.data.lines[0]?.invoiceId ?? null, voidReason: null }, stamp, { createdAt: context.at }, figures(change.data, [])));
          return;
        case 'revised':
          if (row) rows.put(list, Object.assign({}, row, doc.storedData(change.data), { invoiceId: change.data.lines[0]?.invoiceId ?? null }, stamp, figures(change.data, refunds)));
          return;
        case 'voided':
          if (row) rows.put(list, Object.assign({}, row, { active: false, voidReason: change.reason }, stamp, figures({ totalAmount: String(row.totalAmount), active: false, lines: recordedLines() }, refunds)));
          return;
        case 'allocated':
        case 'released': {
          if (!row) return;
          const others = refunds.filter((r) => r.by !== change.by);
          const next = change.kind === 'allocated' ? [...others, { by: change.by, amount: change.amount }] : others;
          rows.put(list, Object.assign({}, row, stamp, figures({ totalAmount: String(row.totalAmount), active: Boolean(row.active), lines: recordedLines() }, next)));
          return;
        }
      }
    },
  });
};
