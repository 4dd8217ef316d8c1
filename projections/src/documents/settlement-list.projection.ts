import type { SettlementData, SettlementDocument } from '@erp/contracts';

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
      [doc.party.field]: 'integer',
      [doc.dateField]: 'date',
      paymentMethod: 'text',
      ...texts,
      totalAmount: 'numeric',
      active: 'boolean',
      invoiceId: 'integer',
      lines: 'jsonb',
    },
    indexes: [[doc.party.field], [doc.dateField]],
  };
  return spec;
};

export const settlementListProjection = (doc: SettlementDocument, version = 1) => {
  const list = settlementTable(doc);
  return defineProjection<{ readonly recorded: boolean; readonly data: SettlementData }>({
    name: list.name,
    version,
    tables: [list],
    handles: doc.events.types,
    decode: (stored) => {
      if (!doc.events.types.includes(stored.type)) return null;
      const { type, data } = doc.events.event.parse(stored);
      return { recorded: type === doc.events.names.recorded, data: data as SettlementData };
    },
    rowsOf: (event) => [{ table: list, key: event.data.id, fresh: event.recorded }],
    apply: ({ recorded, data }, context, rows) => {
      const row = rows.get(list, data.id);
      if (isReplay(row, context)) return;
      const values = { ...data, invoiceId: data.lines[0]?.invoiceId ?? null, version: context.streamVersion, updatedAt: context.at };
      if (recorded) rows.put(list, { ...values, createdAt: context.at });
      else if (row) rows.put(list, { ...row, ...values });
    },
  });
};
