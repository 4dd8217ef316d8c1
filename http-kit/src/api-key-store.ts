import { createHash, randomBytes } from 'node:crypto';

import { API_KEY_PREFIX, type ApiKey, apiKeyActor, type CreatedApiKey, looksLikeApiKey, type Role } from '@erp/contracts';
import type { AnyDb } from '@erp/eventstore';
import { sql } from 'kysely';

import type { SessionUser } from './middleware';

/** A key as stored, for a backup: its SHA-256, never the key. */
export interface StoredApiKey {
  readonly id: number;
  readonly name: string;
  readonly role: Role;
  readonly keyHash: string;
  readonly prefix: string;
  readonly createdAt: string;
  readonly createdBy: string | null;
  readonly expiresAt: string | null;
  readonly lastUsedAt: string | null;
  readonly revokedAt: string | null;
}

/** Last use is written at most this often per key and process, not on every request. */
export const LAST_USE_EVERY_MS = 60_000;

const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const KEY_COLUMNS = `id, name, role, prefix, ${iso('created_at')} as "createdAt", created_by as "createdBy",
  ${iso('expires_at')} as "expiresAt", ${iso('last_used_at')} as "lastUsedAt", ${iso('revoked_at')} as "revokedAt"`;

/** Keys are 32 random bytes: a fast hash is enough (no password to guess), and it is looked up on every request. */
const keyHash = (key: string) => createHash('sha256').update(key).digest('hex');

export const migrateApiKeys = async (db: AnyDb): Promise<void> => {
  await sql`create table if not exists api_keys (
    id integer generated always as identity primary key,
    name text not null,
    role text not null,
    key_hash text not null unique,
    prefix text not null,
    created_at timestamptz not null default now(),
    created_by text,
    expires_at timestamptz,
    last_used_at timestamptz,
    revoked_at timestamptz)`.execute(db);
};

/** The user a key acts as: its own id space (negative, apart from users'), its role, its name as the actor. */
export const keyUser = (id: number, name: string, role: Role): SessionUser => ({ id: -id, username: apiKeyActor(name), role, apiKeyId: id });

/** The owner's API keys (issue 46), in Postgres like the users: every instance sees a revoke at once. */
export const apiKeyStore = (db: AnyDb, now: () => number = Date.now) => {
  const lastWritten = new Map<number, number>();
  const touch = (id: number) => {
    const at = now();
    if ((lastWritten.get(id) ?? 0) > at - LAST_USE_EVERY_MS) return;
    if (lastWritten.size > 10_000) lastWritten.clear();
    lastWritten.set(id, at);
    // Not awaited: a request never waits for its key's bookkeeping, and a lost write only dates it a minute earlier.
    sql`update api_keys set last_used_at = now() where id = ${id}`.execute(db).catch(() => lastWritten.delete(id));
  };
  return {
    createApiKey: async (name: string, role: Role, expiresAt: string | null, createdBy: string | null): Promise<CreatedApiKey> => {
      const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
      const { rows } = await sql<ApiKey>`insert into api_keys (name, role, key_hash, prefix, created_by, expires_at)
        values (${name}, ${role}, ${keyHash(key)}, ${key.slice(0, 8)}, ${createdBy}, ${expiresAt})
        returning ${sql.raw(KEY_COLUMNS)}`.execute(db);
      return { ...rows[0]!, key };
    },

    apiKeys: async (): Promise<ApiKey[]> => (await sql<ApiKey>`select ${sql.raw(KEY_COLUMNS)} from api_keys order by id`.execute(db)).rows,

    /** Revoked for good (a second revoke keeps the first time); null when there is no such key. */
    revokeApiKey: async (id: number): Promise<ApiKey | null> => {
      const { rows } = await sql<ApiKey>`update api_keys set revoked_at = coalesce(revoked_at, now()) where id = ${id}
        returning ${sql.raw(KEY_COLUMNS)}`.execute(db);
      return rows[0] ?? null;
    },

    /** The key's user while it is neither revoked nor expired; null otherwise. Looked up every time: a revoke is felt at once. */
    userOfApiKey: async (key: string): Promise<SessionUser | null> => {
      if (!looksLikeApiKey(key)) return null;
      const { rows } = await sql<{ id: number; name: string; role: Role }>`select id, name, role from api_keys
        where key_hash = ${keyHash(key)} and revoked_at is null and (expires_at is null or expires_at > now())`.execute(db);
      const row = rows[0];
      if (!row) return null;
      touch(row.id);
      return keyUser(row.id, row.name, row.role);
    },

    storedApiKeys: async (): Promise<StoredApiKey[]> =>
      (await sql<StoredApiKey>`select id, name, role, key_hash as "keyHash", prefix, created_at as "createdAt", created_by as "createdBy",
        expires_at as "expiresAt", last_used_at as "lastUsedAt", revoked_at as "revokedAt" from api_keys order by id`.execute(db)).rows,

    /** Loads backed-up keys into an empty table, keeping their ids and hashes: the keys in use go on working. */
    restoreApiKeys: async (keys: readonly StoredApiKey[]) => {
      if (keys.length === 0) return;
      await sql`insert into api_keys (id, name, role, key_hash, prefix, created_at, created_by, expires_at, last_used_at, revoked_at) overriding system value
        select id, name, role, "keyHash", prefix, "createdAt", "createdBy", "expiresAt", "lastUsedAt", "revokedAt"
          from jsonb_to_recordset(${JSON.stringify(keys)}::jsonb)
          as k(id integer, name text, role text, "keyHash" text, prefix text, "createdAt" timestamptz, "createdBy" text,
               "expiresAt" timestamptz, "lastUsedAt" timestamptz, "revokedAt" timestamptz)`.execute(db);
      await sql`select setval(pg_get_serial_sequence('api_keys', 'id'), (select max(id) from api_keys))`.execute(db);
    },
  };
};
export type ApiKeyStore = ReturnType<typeof apiKeyStore>;
