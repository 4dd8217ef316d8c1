import { type AnyDb, compareCursors, type EventStore, START } from '@erp/eventstore';
import { sql } from 'kysely';

import { writeCheckpoint } from './checkpoints';
import type { Projection } from './projection';
import { applyEvents, lockKey } from './apply';

const BATCH = 1000;
const WAIT_MS = 50;

/**
 * Rebuilds a projection from position 0 into a shadow schema while the live tables keep
 * serving, then catches up and swaps the tables in under the projection's lock (blue-green).
 */
export const rebuildProjection = async (db: AnyDb, store: EventStore, projection: Projection) => {
  const shadow = `rebuild_${projection.name}`;
  await sql`drop schema if exists ${sql.id(shadow)} cascade`.execute(db);
  await sql`create schema ${sql.id(shadow)}`.execute(db);
  await projection.migrate(db.withSchema(shadow), shadow);
  // Everything committed before the rebuild started must be in it. The log only hands out an
  // event once every older transaction of the cluster has ended (no skipped positions), so an
  // empty page can mean "wait", not "done": keep reading until the head we saw is applied.
  const target = await store.endCursor();
  let cursor = START;
  let applied = 0;
  for (;;) {
    const page = await store.readAll(cursor, BATCH);
    if (page.events.length === 0) {
      if (compareCursors(cursor, target) >= 0) break;
      await new Promise((resolve) => setTimeout(resolve, WAIT_MS));
      continue;
    }
    await db.transaction().execute((trx) => applyEvents(trx.withSchema(shadow), projection, page.events));
    cursor = page.cursor;
    applied += page.events.length;
  }
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${lockKey(projection.name)})`.execute(trx);
    for (;;) {
      const page = await store.readAll(cursor, BATCH);
      if (page.events.length === 0) break;
      await applyEvents(trx.withSchema(shadow), projection, page.events);
      cursor = page.cursor;
      applied += page.events.length;
    }
    for (const table of projection.tables) {
      await sql`drop table if exists ${sql.id('public', table)}`.execute(trx);
      await sql`alter table ${sql.id(shadow, table)} set schema public`.execute(trx);
    }
    await writeCheckpoint(trx, projection.name, projection.version, cursor);
  });
  await sql`drop schema if exists ${sql.id(shadow)} cascade`.execute(db);
  return { applied, position: cursor.position };
};
