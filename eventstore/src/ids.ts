import { errorCode } from '@erp/contracts';
import { sql } from 'kysely';

import type { AnyDb } from './db';
import { LOCK_KEYS } from './locks';

/** 32-bit auto-increment entity ids (SEED-SPEC §3), allocated by the command side. */
export interface IdAllocator {
  next(name: string): Promise<number>;
  /** After an import: make sure the next id is above every imported one. */
  atLeast(name: string, id: number): Promise<void>;
}

const sequenceName = (name: string) => {
  if (!/^[a-z][a-z0-9_-]{0,55}$/.test(name)) throw new Error(`Invalid id sequence name ${name}`);
  return `erp_id_${name.replace(/-/g, '_')}`;
};

const isMissingRelation = (error: unknown) => errorCode(error) === '42P01';

/**
 * One PostgreSQL sequence per entity (`erp_id_vendor`, 32-bit). A sequence hands out numbers
 * without a row lock held to commit, so concurrent creates never queue behind each other (a
 * counter row did). Each process takes `block` numbers per round trip and hands them out in
 * order, like a sequence's CACHE but per process: ids rise within a process, and numbers a
 * process took but did not use (a failed create, a restart) are skipped — ids may have gaps.
 * Sequences are created on first use; one left by the older counter table starts above it.
 */
export const postgresIdAllocator = (db: AnyDb, options: { block?: number } = {}): IdAllocator => {
  const block = options.block ?? 16;
  const pending = new Map<string, number[]>();
  const inFlight = new Map<string, Promise<void>>();
  const created = new Set<string>();
  const ensure = async (name: string) => {
    if (created.has(name)) return;
    await db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${LOCK_KEYS.idSequences})`.execute(trx);
      const seq = sequenceName(name);
      const exists = await sql<{ n: number }>`select count(*)::int as n from pg_class
        where relkind = 'S' and relname = ${seq} and relnamespace = current_schema()::regnamespace`.execute(trx);
      if ((exists.rows[0]?.n ?? 0) > 0) return;
      await sql`create sequence ${sql.id(seq)} as integer minvalue 1`.execute(trx);
      const legacy = await sql<{ present: boolean }>`select to_regclass('id_sequences') is not null as present`.execute(trx);
      if (!legacy.rows[0]?.present) return;
      const floor = await sql<{ last_id: number }>`select last_id from id_sequences where name = ${name}`.execute(trx);
      if (floor.rows[0]) await sql`select setval(${seq}, ${floor.rows[0].last_id})`.execute(trx);
    });
    created.add(name);
  };
  const fetchBlock = async (name: string): Promise<number[]> => {
    const query = () =>
      sql<{ id: number }>`select nextval(${sequenceName(name)})::int as id from generate_series(1, ${block})`.execute(db);
    let result;
    try {
      result = await query();
    } catch (error) {
      if (!isMissingRelation(error)) throw error;
      await ensure(name);
      result = await query();
    }
    return result.rows.map((r) => r.id).sort((a, b) => a - b);
  };
  // One block fetch at a time per name; its numbers join the queue once, whoever waited on it.
  const refill = (name: string) => {
    const running = inFlight.get(name);
    if (running) return running;
    const fetching = fetchBlock(name)
      .then((ids) => void pending.set(name, [...(pending.get(name) ?? []), ...ids]))
      .finally(() => inFlight.delete(name));
    inFlight.set(name, fetching);
    return fetching;
  };
  return {
    next: async (name) => {
      for (;;) {
        const id = pending.get(name)?.shift();
        if (id !== undefined) return id;
        await refill(name);
      }
    },
    atLeast: async (name, id) => {
      // Numbers this process already took stay valid only if they are above the new floor.
      pending.set(name, (pending.get(name) ?? []).filter((taken) => taken > id));
      await ensure(name);
      const seq = sequenceName(name);
      await sql`select setval(${seq}, greatest(${id}::bigint, last_value)) from ${sql.id(seq)}`.execute(db);
    },
  };
};

/** Every id sequence and the last number it handed out (`erp_id_sales_invoice` → `sales_invoice`), for a backup. */
export const readIdFloors = async (db: AnyDb): Promise<{ name: string; lastId: number }[]> => {
  const { rows } = await sql<{ name: string; last_id: string }>`
    select substr(sequencename, 8) as name, last_value::text as last_id from pg_sequences
    where schemaname = current_schema() and sequencename like 'erp\_id\_%' and last_value is not null
    order by sequencename`.execute(db);
  return rows.map((r) => ({ name: r.name, lastId: Number(r.last_id) }));
};
