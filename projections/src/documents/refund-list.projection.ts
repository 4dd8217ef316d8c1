import type { RefundChange, RefundDocument } from '@erp/contracts';

import { defineProjection } from '../runner/projection';
import { isReplay } from '../runner/replay-guard';
import { type ColumnKind, STREAM_ROW_COLUMNS, type TableSpec } from '../runner/table';

/** One row per refund (issue 42), its lines — the credits it drew on — as recorded. */
export const refundTable = (doc: RefundDocument): TableSpec => {
  const texts: Record<string, ColumnKind> = Object.fromEntries(doc.texts.map((t) => [t, 'text']));
  return {
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
      voidReason: 'text',
      lines: 'jsonb',
    },
    indexes: [[doc.party.field], [doc.dateField]],
  };
};

export const refundListProjection = (doc: RefundDocument, version = 1) => {
  const list = refundTable(doc);
  return defineProjection<RefundChange>({
    name: list.name,
    version,
    tables: [list],
    handles: doc.events.types,
    decode: (stored) => doc.read(stored),
    rowsOf: (change) => [{ table: list, key: change.kind === 'voided' ? change.id : change.data.id, fresh: change.kind === 'recorded' }],
    apply: (change, context, rows) => {
      const id = change.kind === 'voided' ? change.id : change.data.id;
      const row = rows.get(list, id);
      if (isReplay(row, context)) return;
      const stamp = { version: context.streamVersion, updatedAt: context.at };
      switch (change.kind) {
        case 'recorded':
          rows.put(list, Object.assign(doc.storedData(change.data), { voidReason: null }, stamp, { createdAt: context.at }));
          return;
        case 'revised':
          if (row) rows.put(list, Object.assign({}, row, doc.storedData(change.data), stamp));
          return;
        case 'voided':
          if (row) rows.put(list, Object.assign({}, row, { active: false, voidReason: change.reason }, stamp));
          return;
      }
    },
  });
};
