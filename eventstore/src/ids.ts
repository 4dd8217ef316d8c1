import { sql } from 'kysely';

import type { AnyDb } from './db';

/** 32-bit auto-increment entity ids (SEED-SPEC §3), allocated atomically by the command side. */
export interface IdAllocator {
  next(name: string): Promise<number>;
  /** After an import: make sure the next id is above every imported one. */
  atLeast(name: string, id: number): Promise<void>;
}

export const postgresIdAllocator = (db: AnyDb): IdAllocator => ({
  next: async (name) => {
    const { rows } = await sql<{ last_id: number }>`
      insert into id_sequences (name, last_id) values (${name}, 1)
      on conflict (name) do update set last_id = id_sequences.last_id + 1
      returning last_id`.execute(db);
    return rows[0]!.last_id;
  },
  atLeast: async (name, id) => {
    await sql`
      insert into id_sequences (name, last_id) values (${name}, ${id})
      on conflict (name) do update set last_id = greatest(id_sequences.last_id, ${id})`.execute(db);
  },
});
