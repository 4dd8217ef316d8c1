import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

import { gated } from './hash-gate';

const KEY_LENGTH = 64;

interface Cost {
  readonly N: number;
  readonly r: number;
  readonly p: number;
}

/**
 * OWASP's Password Storage Cheat Sheet (scrypt): N = 2^17 (128 MiB), r = 8, p = 1. About half a
 * second of one core here; hashes made with another cost still verify with their own, and are
 * made again with this one at their next sign-in.
 */
export const CURRENT_COST: Cost = { N: 2 ** 17, r: 8, p: 1 };

/** A stored hash's cost is read from the database: bounded, so a bad row cannot ask for gigabytes. */
const usable = ({ N, r, p }: Cost) =>
  Number.isInteger(Math.log2(N)) && N >= 2 && N <= 2 ** 20 && r >= 1 && r <= 32 && p >= 1 && p <= 16;

/** Every hash passes the process-wide gate (hash-gate.ts): at most a few at once, a short queue. */
const derive = (password: string, salt: Buffer, { N, r, p }: Cost) =>
  gated(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        // scrypt needs 128 · N · r bytes; room for that and a little more.
        scrypt(password, salt, KEY_LENGTH, { N, r, p, maxmem: 128 * N * r + 32 * 1024 * 1024 }, (error, key) => (error ? reject(error) : resolve(key))),
      ),
  );

/** scrypt$N$r$p$salt$hash, so the cost can be raised later without breaking old hashes. */
export const hashPassword = async (password: string, cost: Cost = CURRENT_COST): Promise<string> => {
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64'), key.toString('base64')].join('$');
};

const parse = (stored: string) => {
  const [scheme, N, r, p, salt, hash] = stored.split('$');
  const cost = { N: Number(N), r: Number(r), p: Number(p) };
  if (scheme !== 'scrypt' || !salt || !hash || !usable(cost)) return null;
  return { cost, salt: Buffer.from(salt, 'base64'), hash: Buffer.from(hash, 'base64') };
};

/** True when the password matches, checked with the cost the hash was made with. */
export const verifyPassword = async (password: string, stored: string): Promise<boolean> => {
  const parsed = parse(stored);
  // An unreadable hash still costs a hash, so the answer takes as long as any other.
  const actual = await derive(password, parsed?.salt ?? Buffer.alloc(16), parsed?.cost ?? CURRENT_COST);
  return parsed !== null && actual.length === parsed.hash.length && timingSafeEqual(actual, parsed.hash);
};

/** A hash made with a lower cost than today's: make it again at the next successful sign-in. */
export const needsRehash = (stored: string): boolean => {
  const parsed = parse(stored);
  return !parsed || parsed.cost.N !== CURRENT_COST.N || parsed.cost.r !== CURRENT_COST.r || parsed.cost.p !== CURRENT_COST.p;
};

/** What a sign-in for an unknown username verifies against (same cost: timing tells nothing). */
export const DUMMY_HASH = `scrypt$${CURRENT_COST.N}$${CURRENT_COST.r}$${CURRENT_COST.p}$AAAAAAAAAAAAAAAAAAAAAA==$AAAA`;
