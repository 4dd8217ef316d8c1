import { listTable, type MasterDataChange, type MasterDataEntity, readMasterDataEvent } from '@erp/contracts';

import { defineProjection } from '../runner/projection';
import { isReplay } from '../runner/replay-guard';
import { type ColumnKind, STREAM_ROW_COLUMNS, table, type TableSpec } from '../runner/table';

const ROW_COLUMNS = { ...STREAM_ROW_COLUMNS, deleted: 'boolean' } as const;

// Made once per entity: reads ask for it on every request.
const tables = new WeakMap<MasterDataEntity, TableSpec>();

/**
 * The list table of a master-data entity: one row per record, a typed column per field (by
 * field kind), the stream version for ETags and the replay guard, and a tombstone on delete so
 * a replayed create cannot bring a deleted record back.
 */
export const masterDataTable = (entity: MasterDataEntity): TableSpec => {
  let spec = tables.get(entity);
  if (!spec) {
    const columns: Record<string, ColumnKind> = { ...ROW_COLUMNS, ...entity.columns };
    spec = table({ name: listTable(entity), key: 'id', columns, indexes: [[entity.sortBy, 'id']], versioned: true });
    tables.set(entity, spec);
  }
  return spec;
};

// Version 3: the list is indexed by the bounded sort key of its text (table.ts textSortKey), and id.
export const masterDataProjection = (entity: MasterDataEntity, version = 3) => {
  const list = masterDataTable(entity);
  const blank = Object.fromEntries(entity.fieldNames.map((f) => [f, null]));
  return defineProjection<MasterDataChange>({
    name: list.name,
    version,
    tables: [list],
    handles: [...Object.values(entity.events.names), ...Object.keys(entity.events.marks)],
    decode: (stored) => readMasterDataEvent(entity, stored),
    rowsOf: (change) => [{ table: list, key: change.id, fresh: change.kind === 'created' }],
    apply: (change, context, rows) => {
      const row = rows.get(list, change.id);
      if (isReplay(row, context)) return;
      const stamp = { version: context.streamVersion, updatedAt: context.at };
      switch (change.kind) {
        case 'created':
          rows.put(list, Object.assign({}, blank, change.values, stamp, { id: change.id, createdAt: context.at, deleted: false }));
          return;
        case 'updated':
          if (row) rows.put(list, Object.assign({}, row, change.changes, stamp));
          return;
        case 'deleted':
          if (row) rows.put(list, Object.assign({}, row, stamp, { deleted: true }));
          return;
      }
    },
  });
};
