import type { AnyDb } from '@erp/eventstore';
import { sql } from 'kysely';

/**
 * The sign-in throttle (issue 18 item 5, issue 41 item 2): attempts are counted in Postgres, so
 * every instance of the command service sees the same counts.
 */

/** Attempts count for this long after the last one. */
const THROTTLE_WINDOW_MINUTES = 15;
/** Sign-ins that did not succeed, per username and address, before the first lock. */
export const MAX_LOGIN_FAILURES = 5;
/** The same per username, across all addresses (many addresses guessing one password). */
export const MAX_LOGIN_FAILURES_PER_USER = 10;
/** Per address, whatever the usernames: a new username each time is no way around the count. */
export const MAX_LOGIN_FAILURES_PER_ADDRESS = 20;

/**
 * A count of attempts. A success clears a key of one username (`clear`); an address's budget
 * only gets back the attempt that succeeded (`uncount`), so an office behind one address can
 * sign in all day while its wrong passwords still add up.
 */
export interface ThrottleKey {
  readonly key: string;
  readonly max: number;
  readonly onSuccess: 'clear' | 'uncount';
}

const addressBudget = (address: string): ThrottleKey => ({ key: `from:${address}`, max: MAX_LOGIN_FAILURES_PER_ADDRESS, onSuccess: 'uncount' });

/** The keys a sign-in is counted under: this username from this address, this username anywhere, and this address. */
export const throttleKeys = (username: string, address: string): ThrottleKey[] => {
  const user = username.trim().toLowerCase();
  return [
    { key: `address:${user}|${address}`, max: MAX_LOGIN_FAILURES, onSuccess: 'clear' },
    { key: `user:${user}`, max: MAX_LOGIN_FAILURES_PER_USER, onSuccess: 'clear' },
    addressBudget(address),
  ];
};

/** Setup codes are counted as sign-ins are, under keys of their own (not a sign-in as user `setup`). */
export const setupThrottleKeys = (address: string): ThrottleKey[] => [
  { key: `setup-code:${address}`, max: MAX_LOGIN_FAILURES, onSuccess: 'clear' },
  { key: 'setup-code', max: MAX_LOGIN_FAILURES_PER_USER, onSuccess: 'clear' },
  addressBudget(address),
];

/** After `max` attempts in the window, 30 s, doubling with each further one up to the window. */
const lockSeconds = (attempts: number, max: number) =>
  attempts < max ? 0 : Math.min(THROTTLE_WINDOW_MINUTES * 60, 30 * 2 ** (attempts - max));


/** Counts kept in `login_throttle` (made by migrateAuth). */
export const loginThrottle = (db: AnyDb) => ({
  /**
   * Counts one sign-in against each key *before* the password is checked, atomically (the
   * rows are locked, so parallel attempts queue): 0 when it may go ahead, else the seconds to
   * wait, and then it is not counted. After `max` attempts within the window a key is locked
   * 30 s, doubling with each further attempt up to the window; a short first lock keeps a
   * mistyped password from shutting the owner out for long. A success (`signedIn`) clears the
   * username's keys and gives the address back its one attempt.
   */
  beginSignIn: async (keys: readonly ThrottleKey[]): Promise<number> =>
    db.transaction().execute(async (trx) => {
      const names = keys.map((k) => k.key);
      await sql`insert into login_throttle (key, attempts, last_at)
        select unnest(${names}::text[]), 0, clock_timestamp() on conflict (key) do nothing`.execute(trx);
      // The clock now, not the transaction's start: an attempt that waited for the lock while
      // another counted would find that one's last_at in its future.
      const { rows } = await sql<{ key: string; attempts: number; since: number }>`
        select key, attempts, extract(epoch from clock_timestamp() - last_at)::float8 as since
        from login_throttle where key = any(${names}::text[]) order by key for update`.execute(trx);
      const since = (row: { since: number }) => Math.max(0, row.since);
      const attemptsOf = (row: { attempts: number; since: number }) => (since(row) > THROTTLE_WINDOW_MINUTES * 60 ? 0 : row.attempts);
      const waitOf = (row: { key: string; attempts: number; since: number }) => {
        const lock = lockSeconds(attemptsOf(row), keys.find((k) => k.key === row.key)!.max);
        return lock > 0 ? Math.ceil(lock - since(row)) : 0;
      };
      const wait = Math.max(0, ...rows.map(waitOf));
      if (wait > 0) return wait;
      for (const row of rows) {
        await sql`update login_throttle set attempts = ${attemptsOf(row) + 1}, last_at = clock_timestamp() where key = ${row.key}`.execute(trx);
      }
      return 0;
    }),
  signedIn: async (keys: readonly ThrottleKey[]) => {
    const named = (onSuccess: ThrottleKey['onSuccess']) => keys.filter((k) => k.onSuccess === onSuccess).map((k) => k.key);
    await sql`update login_throttle set attempts = greatest(attempts - 1, 0) where key = any(${named('uncount')}::text[])`.execute(db);
    await sql`delete from login_throttle where key = any(${named('clear')}::text[])
      or last_at < now() - make_interval(mins => ${THROTTLE_WINDOW_MINUTES})`.execute(db);
  },
});
