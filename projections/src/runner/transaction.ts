import { errorCode, errorMessage } from '@erp/contracts';
import { sql } from 'kysely';

import type { ReadDb } from '../read-models';

/**
 * Errors that say nothing about the events: the database went away, a deadlock, no room. The
 * whole round is retried; no projection is blamed. Anything else (a value a table cannot hold,
 * a fold that throws) belongs to the projection that met it.
 */
const TRANSIENT_STATES = /^(08|40|53|57|58)/;
export const isTransient = (error: unknown) => {
  const code = errorCode(error) ?? '';
  return TRANSIENT_STATES.test(code) || /^E[A-Z]+$/.test(code);
};

export const messageOf = (error: unknown) => errorMessage(error).slice(0, 500);

/** Runs `work` inside a savepoint: on failure the transaction is as it was before it. */
export const inSavepoint = async <T>(trx: ReadDb, work: () => Promise<T>): Promise<T> => {
  await sql`savepoint erp_projection`.execute(trx);
  try {
    const result = await work();
    await sql`release savepoint erp_projection`.execute(trx);
    return result;
  } catch (error) {
    await sql`rollback to savepoint erp_projection`.execute(trx);
    throw error;
  }
};
