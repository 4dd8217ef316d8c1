import { type AnyDb, compareCursors, type EventStore, START } from '@erp/eventstore';
import { sql } from 'kysely';

import { applyBatch } from './batch';
import { ensureCheckpoint, lockCheckpoint, writeCheckpoints } from './checkpoints';
import type { Projection } from './projection';
import { migrateTable } from './table';

const WAIT_MS = 50;

export interface RebuildOptions {
  readonly batchSize?: number;
  readonly onProgress?: (applied: number, position: string) => void;
}

/**
 * Rebuilds a projection from position 0 into a shadow schema while the live tables keep
 * serving, then catches up and swaps the tables in under the projection's checkpoint lock
 * (blue-green). Batches are large: a rebuild is a fold over the whole log.
 */
export const rebuildProjection = async (db: AnyDb, store: EventStore, projection: Projection, options: RebuildOptions = {}) => {
  const batchSize = options.batchSize ?? 5000;
  const shadow = `rebuild_${projection.name}`;
  await sql`drop schema if exists ${sql.id(shadow)} cascade`.execute(db);
  await sql`create schema ${sql.id(shadow)}`.execute(db);
  for (const table of projection.tables) await migrateTable(db, shadow, table);
  // Everything committed before the rebuild started must be in it. An empty page can mean "an
  // append of ours is still in flight", not "done": keep reading until the end we saw.
  const target = await store.endCursor();
  let cursor = START;
  let applied = 0;
  for (;;) {
    const page = await store.readAll(cursor, batchSize);
    if (page.events.length === 0) {
      if (compareCursors(cursor, target) >= 0) break;
      await new Promise((resolve) => setTimeout(resolve, WAIT_MS));
      continue;
    }
    await db.transaction().execute((trx) => applyBatch(trx, shadow, [projection], page.events));
    cursor = page.cursor;
    applied += page.events.length;
    options.onProgress?.(applied, cursor.position);
  }
  await db.transaction().execute(async (trx) => {
    await ensureCheckpoint(trx, projection.name, projection.version);
    // Waits for the live runner's batch of this projection, then keeps it out until the swap.
    await lockCheckpoint(trx, projection.name);
    for (;;) {
      const page = await store.readAll(cursor, batchSize);
      if (page.events.length === 0) break;
      await applyBatch(trx, shadow, [projection], page.events);
      cursor = page.cursor;
      applied += page.events.length;
    }
    for (const table of projection.tables) {
      await sql`drop table if exists ${sql.id('public', table.name)}`.execute(trx);
      await sql`alter table ${sql.id(shadow, table.name)} set schema public`.execute(trx);
    }
    await writeCheckpoints(trx, [projection.name], projection.version, cursor);
  });
  await sql`drop schema if exists ${sql.id(shadow)} cascade`.execute(db);
  return { applied, position: cursor.position };
};
