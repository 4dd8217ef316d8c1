import type { RecordedEvent } from '@erp/contracts';

import type { Projection, Rows } from './projection';
import type { Key, Row, TableSpec } from './table';

/**
 * One row of a projection's table as these events leave it, folded in memory from the row the
 * table holds (undefined: none): the projection's own fold, so the row is the one its next
 * batch will write. Rows of other tables or keys the events touch are not this row and are
 * left out; the row is undefined when the events remove it.
 */
export const foldRow = (projection: Projection, spec: TableSpec, key: Key, row: Row | undefined, events: readonly RecordedEvent[]): Row | undefined => {
  let current = row;
  const mine = (table: TableSpec, k: Key) => table.name === spec.name && k === key;
  const rows: Rows = {
    get: (table, k) => (mine(table, k) ? (current as never) : undefined),
    put: (table, r) => {
      const k = r[table.key];
      if ((typeof k === 'string' || typeof k === 'number') && mine(table, k)) current = r;
    },
    remove: (table, k) => {
      if (mine(table, k)) current = undefined;
    },
  };
  projection.plan(events).apply(rows);
  return current;
};
