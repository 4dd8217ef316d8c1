import type { Notifier } from '@erp/eventstore';
import { waker } from '@erp/projections';

/** One round of a log-following worker: how many events it read, and whether a page came back full. */
export interface Round {
  readonly read: number;
  readonly more: boolean;
}

export interface WorkerLog {
  info(fields: Record<string, unknown>, message: string): void;
  warn(fields: Record<string, unknown>, message: string): void;
}

/**
 * Runs `round` again and again: at once while pages come back full, else on the next
 * 'appended' wake-up or after `pollMs`. A failing round is logged once until one succeeds,
 * and retried after `pollMs` (NATS or PostgreSQL away: the checkpoint has not moved).
 */
export interface WorkerPace {
  /** Sleep between rounds when idle (default 500 ms). */
  readonly pollMs?: number;
  /** Wake on every 'appended' (default true); else only on poke() and the poll. */
  readonly wakeOnAppend?: boolean;
  /** At least this long between two rounds, woken or not (default 0): batches under load. */
  readonly minGapMs?: number;
}

export const runWorker = (name: string, notifier: Notifier, round: () => Promise<Round>, log: WorkerLog, pace: WorkerPace = {}) => {
  const { pollMs = 500, wakeOnAppend = true, minGapMs = 0 } = pace;
  let running = true;
  // The projection runner's: a wake-up that comes while a round runs makes the next sleep return at once.
  const { poke, sleep } = waker();
  const unsubscribe = wakeOnAppend ? notifier.subscribe('appended', poke) : () => undefined;
  let failing = false;
  const loop = async () => {
    while (running) {
      try {
        const result = await round();
        if (failing) log.info({ worker: name }, `${name} is working again`);
        failing = false;
        // A full page: the rest at once (a backlog); else a breath first, so what comes meanwhile goes in one round.
        if (result.more) continue;
        if (minGapMs > 0) await new Promise((resolve) => setTimeout(resolve, minGapMs));
      } catch (error) {
        if (!failing) log.warn({ worker: name, err: error }, `${name} failed; retrying from its checkpoint`);
        failing = true;
      }
      if (running) await sleep(pollMs);
    }
  };
  const done = loop();
  return {
    poke,
    stop: async () => {
      running = false;
      unsubscribe();
      poke();
      await done;
    },
  };
};
