import { sql } from 'kysely';

import type { AnyDb } from '../db';
import { compareCursors, type GlobalCursor, START } from '../event-store';

/**
 * The last event in global (transaction, position) order: a reader that has passed it has read
 * everything committed so far. The highest position is not enough: a later transaction may hold
 * a lower position.
 */
export const logEnd = async (db: AnyDb): Promise<GlobalCursor> => {
  const { rows } = await sql<GlobalCursor>`select transaction_id::text as tx, position::text as position
    from events order by transaction_id desc, position desc limit 1`.execute(db);
  return rows[0] ?? START;
};

export const isAtOrAfter = (cursor: GlobalCursor | undefined, target: GlobalCursor) =>
  cursor !== undefined && compareCursors(cursor, target) >= 0;
