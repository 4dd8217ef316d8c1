import { errorCode } from '@erp/contracts';
import type { AnyDb } from '@erp/eventstore';
import { sql } from 'kysely';

/** An integration worker whose rounds fail (the NATS publisher: NATS away, another deployment's stream), since when and why. */
export interface WorkerFailure {
  readonly worker: string;
  readonly since: string;
  readonly error: string;
}

/**
 * The integration workers failing now, read from their checkpoints (written by whichever process
 * leads them), so every process's health and /metrics tell the same. None before the table exists.
 */
export const integrationFailures = async (db: AnyDb): Promise<WorkerFailure[]> => {
  const { rows } = await sql<{ name: string; since: string; error: string }>`
    select name, failing_since::text as since, coalesce(last_error, '') as error from integration_checkpoints
    where to_regclass('integration_checkpoints') is not null and failing_since is not null order by name`
    .execute(db)
    .catch((error: unknown) => {
      if (errorCode(error) === '42P01' || errorCode(error) === '42703') return { rows: [] };
      throw error;
    });
  return rows.map((r) => ({ worker: r.name, since: r.since, error: r.error }));
};
