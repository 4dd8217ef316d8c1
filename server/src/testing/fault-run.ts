import { api } from '@erp/contracts';

import type { Load } from './fault-load';
import { LiveHealthSchema } from './health';
import { eventually, type HttpClient } from './http-client';

/**
 * Runs `writers` loops of the load until `faults` resolves (it injects the faults meanwhile),
 * then stops them. A write that got no answer (or a 5xx) waits 200 ms before the next, so a writer does
 * not spin while a process is down.
 */
export const underLoad = async (load: Load, writers: number, faults: () => Promise<void>) => {
  let stopping = false;
  const writer = async () => {
    while (!stopping) {
      const outcome = await load.write();
      if (outcome.status === null || outcome.status >= 500) await new Promise((r) => setTimeout(r, 200));
    }
  };
  const running = Array.from({ length: writers }, writer);
  try {
    await faults();
  } finally {
    stopping = true;
    await Promise.all(running);
  }
};

/** A random whole number of milliseconds in [min, max). */
export const randomMs = (min: number, max: number) => Math.floor(min + Math.random() * (max - min));
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits (by polling /api/health as the owner, who sees the read models) until every projection has applied the whole log; its head. */
export const caughtUp = async (owner: HttpClient, timeoutMs = 90_000) => {
  const health = await eventually(
    async () => {
      try {
        return LiveHealthSchema.parse((await owner.get(api.health)).body);
      } catch {
        return null;
      }
    },
    (h) => h !== null && h.projections.length > 0 && h.projections.every((p) => p.lag === 0 && p.position === h.store.head),
    { what: 'every projection to catch up with the log', timeoutMs, intervalMs: 100 },
  );
  return health!.store.head;
};

/** How many cycles of a repeated fault: `SOAK_CYCLES` (`npm run soak`), else `ci`. */
export const cycles = (ci: number) => Number(process.env.SOAK_CYCLES ?? ci);
