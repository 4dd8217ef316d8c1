import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

import { normalSetupCode, type Role, type User, type UserChange } from '@erp/contracts';

import { type AnyDb, LOCK_KEYS } from '@erp/eventstore';
import { sql } from 'kysely';

import { apiKeyStore, migrateApiKeys } from './api-key-store';
import { HashingBusy } from './hash-gate';
import { loginThrottle } from './login-throttle';
import type { SessionUser } from './middleware';
import { DUMMY_HASH, hashPassword, needsRehash, verifyPassword } from './password';
import { type RateLimit, rateLimiter } from './rate-limit';

/** How long a sign-in lasts: the session row and the cookie both. */
export const SESSION_DAYS = 30;

/** A users row as stored: what a backup keeps of it (a backup from before roles has an owner only). */
export interface StoredUser {
  readonly id: number;
  readonly username: string;
  readonly passwordHash: string;
  readonly createdAt: string;
  readonly role?: Role;
  readonly disabled?: boolean;
}

/** Why the owner's change of a user was refused. */
export type UserChangeRefusal = 'not found' | 'last owner';

const USER_COLUMNS = `id, username, role, disabled, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt"`;
/** Thrown inside the transaction to undo a change that would leave no owner. */
const LAST_OWNER = new Error('last owner');

const unlessBusy = (error: unknown) => {
  if (error instanceof HashingBusy) return null;
  throw error;
};

const digest = (token: string) => createHash('sha256').update(token).digest('hex');

/** Eight letters and digits that cannot be mistaken for each other, shown as ABCD-EFGH. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const newSetupCode = () => {
  const chars = [...randomBytes(8)].map((b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('');
  return `${chars.slice(0, 4)}-${chars.slice(4)}`;
};

export const migrateAuth = async (db: AnyDb): Promise<void> => {
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${LOCK_KEYS.authSchema})`.execute(trx);
    await sql`create table if not exists users (
      id integer generated always as identity primary key,
      username text not null,
      password_hash text not null,
      created_at timestamptz not null default now())`.execute(trx);
    await sql`create unique index if not exists users_username_key on users (lower(username))`.execute(trx);
    // Issue 22: users made before roles were the owner (the only user there was).
    await sql`alter table users add column if not exists role text not null default 'owner'`.execute(trx);
    await sql`alter table users add column if not exists disabled boolean not null default false`.execute(trx);
    await sql`create table if not exists sessions (
      token_hash text primary key,
      user_id integer not null references users(id) on delete cascade,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null)`.execute(trx);
    await sql`drop table if exists login_failures`.execute(trx);
    await sql`create table if not exists setup_code (
      code_hash text not null,
      created_at timestamptz not null default now())`.execute(trx);
    await sql`create table if not exists login_throttle (
      key text primary key,
      attempts integer not null,
      last_at timestamptz not null)`.execute(trx);
    await migrateApiKeys(trx);
  });
};

export interface AuthStoreOptions {
  /**
   * Remember a valid session this long in memory instead of looking it up on every request.
   * Only for a process that is the sole place sessions end (the one-process mode): a logout
   * here forgets it at once. Services mode leaves it off, so a logout anywhere is felt everywhere.
   */
  readonly sessionCacheMs?: number;
  /** Requests an API key may make at once, refilled over the window (per process). */
  readonly apiKeyRate?: RateLimit;
}

/** By default a key may send 600 requests at once, refilled at 600 a minute (10 a second). */
export const DEFAULT_API_KEY_RATE: RateLimit = { limit: 600, windowSeconds: 60 };

/** Users and sessions live in Postgres, so every service instance sees the same login. */
export const authStore = (db: AnyDb, options: AuthStoreOptions = {}) => {
  const cacheMs = options.sessionCacheMs ?? 0;
  const apiKeyRate = options.apiKeyRate ?? DEFAULT_API_KEY_RATE;
  const takeKeyToken = rateLimiter(apiKeyRate);
  const cache = new Map<string, { user: SessionUser; until: number }>();
  /** A user's remembered sessions, dropped when the owner changes them (role, disabled, password). */
  const forget = (userId: number) => {
    for (const [key, entry] of cache) if (entry.user.id === userId) cache.delete(key);
  };
  return {
    hasUsers: async () => {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from users`.execute(db);
      return (rows[0]?.n ?? 0) > 0;
    },

    /**
     * The first user only: serialised by a lock so two setups cannot both win. With a setup code
     * (the setup screen), it must be the one the server printed; from ERP_ADMIN_* none is asked.
     * 'taken' once a user exists, 'wrong code' for another code.
     */
    createFirstUser: async (username: string, password: string, setupCode?: string): Promise<SessionUser | 'taken' | 'wrong code'> => {
      const passwordHash = await hashPassword(password);
      return db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(${LOCK_KEYS.firstUser})`.execute(trx);
        const { rows } = await sql<{ n: number }>`select count(*)::int as n from users`.execute(trx);
        if ((rows[0]?.n ?? 0) > 0) return 'taken' as const;
        if (setupCode !== undefined) {
          const stored = await sql<{ code_hash: string }>`select code_hash from setup_code`.execute(trx);
          const given = Buffer.from(digest(normalSetupCode(setupCode)), 'hex');
          const expected = stored.rows[0] ? Buffer.from(stored.rows[0].code_hash, 'hex') : null;
          if (!expected || !timingSafeEqual(given, expected)) return 'wrong code' as const;
        }
        const inserted = await sql<SessionUser>`insert into users (username, password_hash, role)
          values (${username}, ${passwordHash}, 'owner') returning id, username, role`.execute(trx);
        await sql`delete from setup_code`.execute(trx);
        return inserted.rows[0]!;
      });
    },

    /**
     * While no user exists, the code that setup asks for. `given` (ERP_SETUP_CODE) becomes the
     * code; else one is made if none exists yet. Answers the code when it was set or made now
     * (to be shown once, in the log), 'kept' when an earlier start made it, null once a user exists.
     */
    setupCode: async (given?: string, renew = false): Promise<{ code: string } | 'kept' | null> =>
      db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(${LOCK_KEYS.firstUser})`.execute(trx);
        const { rows } = await sql<{ n: number }>`select count(*)::int as n from users`.execute(trx);
        if ((rows[0]?.n ?? 0) > 0) {
          await sql`delete from setup_code`.execute(trx);
          return null;
        }
        const existing = await sql<{ n: number }>`select count(*)::int as n from setup_code`.execute(trx);
        if (!given && !renew && (existing.rows[0]?.n ?? 0) > 0) return 'kept' as const;
        const code = given ?? newSetupCode();
        await sql`delete from setup_code`.execute(trx);
        await sql`insert into setup_code (code_hash) values (${digest(normalSetupCode(code))})`.execute(trx);
        return { code };
      }),

    /** Unique by a database index (DESIGN §1: uniqueness enforced at write time); null when the name is taken. */
    createUser: async (username: string, password: string, role: Role): Promise<User | null> => {
      const passwordHash = await hashPassword(password);
      const { rows } = await sql<User>`insert into users (username, password_hash, role)
        values (${username}, ${passwordHash}, ${role}) on conflict do nothing
        returning ${sql.raw(USER_COLUMNS)}`.execute(db);
      return rows[0] ?? null;
    },

    users: async (): Promise<User[]> => (await sql<User>`select ${sql.raw(USER_COLUMNS)} from users order by id`.execute(db)).rows,

    /**
     * The owner sets a user's role or disables them. Serialised by a lock, so the business always
     * keeps one owner who can sign in. A disabled user's sessions end at once.
     */
    changeUser: async (id: number, change: UserChange): Promise<User | UserChangeRefusal> => {
      const result = await db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(${LOCK_KEYS.firstUser})`.execute(trx);
        const { rows } = await sql<User>`update users set role = coalesce(${change.role ?? null}, role),
            disabled = coalesce(${change.disabled ?? null}, disabled)
          where id = ${id} returning ${sql.raw(USER_COLUMNS)}`.execute(trx);
        const user = rows[0];
        if (!user) return 'not found' as const;
        const owners = await sql<{ n: number }>`select count(*)::int as n from users where role = 'owner' and not disabled`.execute(trx);
        if ((owners.rows[0]?.n ?? 0) === 0) throw LAST_OWNER;
        if (user.disabled) await sql`delete from sessions where user_id = ${id}`.execute(trx);
        return user;
      }).catch((error: unknown) => {
        if (error === LAST_OWNER) return 'last owner' as const;
        throw error;
      });
      forget(id);
      return result;
    },

    /**
     * A new password for a user: set by the owner (`keep` absent: all their sessions end), or by
     * the user themself (`keep` is the session they changed it from; their other sessions end).
     */
    setPassword: async (id: number, password: string, keep?: string): Promise<boolean> => {
      const passwordHash = await hashPassword(password);
      const found = await db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ id: number }>`update users set password_hash = ${passwordHash} where id = ${id} returning id`.execute(trx);
        await sql`delete from sessions where user_id = ${id} and token_hash <> ${keep ? digest(keep) : ''}`.execute(trx);
        return rows.length > 0;
      });
      forget(id);
      return found;
    },

    /** Whether this is the user's password now (a change of one's own password asks for it). */
    isPasswordOf: async (id: number, password: string): Promise<boolean> => {
      const { rows } = await sql<{ password_hash: string }>`select password_hash from users where id = ${id}`.execute(db);
      const ok = await verifyPassword(password, rows[0]?.password_hash ?? DUMMY_HASH);
      return ok && rows.length > 0;
    },

    /** Users as stored (password hashes, never passwords), for a backup. */
    storedUsers: async (): Promise<StoredUser[]> =>
      (await sql<StoredUser>`select id, username, password_hash as "passwordHash", created_at as "createdAt", role, disabled
        from users order by id`.execute(db)).rows,

    /** Loads backed-up users into an empty table, keeping their ids; the next user gets a higher id. */
    restoreUsers: async (users: readonly StoredUser[]) => {
      if (users.length === 0) return;
      await sql`insert into users (id, username, password_hash, created_at, role, disabled) overriding system value
        select id, username, "passwordHash", "createdAt", coalesce(role, 'owner'), coalesce(disabled, false)
          from jsonb_to_recordset(${JSON.stringify(users)}::jsonb)
          as u(id integer, username text, "passwordHash" text, "createdAt" timestamptz, role text, disabled boolean)`.execute(db);
      await sql`select setval(pg_get_serial_sequence('users', 'id'), (select max(id) from users))`.execute(db);
    },

    verify: async (username: string, password: string): Promise<SessionUser | null> => {
      const { rows } = await sql<SessionUser & { password_hash: string; disabled: boolean }>`
        select id, username, role, password_hash, disabled from users where lower(username) = lower(${username})`.execute(db);
      const user = rows[0];
      // Hash anyway when the user is unknown, so timing does not reveal which usernames exist.
      const ok = await verifyPassword(password, user?.password_hash ?? DUMMY_HASH);
      // A disabled user is told what anyone with a wrong password is: nothing to guess from.
      if (!user || !ok || user.disabled) return null;
      // Made with an older cost: made again with today's, now that we have the password (at a
      // later sign-in when the hash queue is full: this one has succeeded).
      const rehashed = needsRehash(user.password_hash) ? await hashPassword(password).catch(unlessBusy) : null;
      if (rehashed) {
        await sql`update users set password_hash = ${rehashed}
          where id = ${user.id} and password_hash = ${user.password_hash}`.execute(db);
      }
      return { id: user.id, username: user.username, role: user.role };
    },

    openSession: async (userId: number): Promise<string> => {
      const token = randomBytes(32).toString('base64url');
      await sql`delete from sessions where expires_at < now()`.execute(db);
      await sql`insert into sessions (token_hash, user_id, expires_at)
        values (${digest(token)}, ${userId}, now() + make_interval(days => ${SESSION_DAYS}))`.execute(db);
      return token;
    },

    userOfSession: async (token: string): Promise<SessionUser | null> => {
      // Remembered by the token itself: no hash to work out on every request.
      const cached = cache.get(token);
      if (cached && cached.until > Date.now()) return cached.user;
      cache.delete(token);
      const key = digest(token);
      const { rows } = await sql<SessionUser & { expires_in_ms: number }>`select u.id, u.username, u.role,
          (extract(epoch from s.expires_at - now()) * 1000)::float8 as expires_in_ms
        from sessions s join users u on u.id = s.user_id
        where s.token_hash = ${key} and s.expires_at > now() and not u.disabled`.execute(db);
      const row = rows[0];
      if (!row) return null;
      const user = { id: row.id, username: row.username, role: row.role };
      if (cacheMs > 0) {
        if (cache.size > 10_000) cache.clear();
        cache.set(token, { user, until: Date.now() + Math.min(cacheMs, row.expires_in_ms) });
      }
      return user;
    },

    closeSession: async (token: string) => {
      cache.delete(token);
      await sql`delete from sessions where token_hash = ${digest(token)}`.execute(db);
    },

    /** The rule of API keys' rate limit, and one request of a key counted against it. */
    apiKeyRate,
    takeKeyToken,

    ...loginThrottle(db),
    ...apiKeyStore(db),
  };
};
export type AuthStore = ReturnType<typeof authStore>;
