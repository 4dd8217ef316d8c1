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
export const runWorker = (name: string, notifier: Notifier, round: () => Promise<Round>, log: WorkerLog, pollMs = 500) => {
  let running = true;
  // The projection runner's: a wake-up that comes while a round runs makes the next sleep return at once.
  const { poke, sleep } = waker();
  const unsubscribe = notifier.subscribe('appended', poke);
  let failing = false;
  const loop = async () => {
    while (running) {
      try {
        const result = await round();
        if (failing) log.info({ worker: name }, `${name} is working again`);
        failing = false;
        if (result.more) continue;
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
