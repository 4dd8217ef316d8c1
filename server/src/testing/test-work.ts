import type { TestContext } from 'vitest';

/**
 * vitest gives up on a test at its time limit but cannot stop its body: the body goes on sending
 * requests, and appending events, while the next test runs and counts them (issue 41: "expected
 * 324 events, got 381"). A body wrapped in `ownWork` is stopped and awaited before the next test
 * starts: from its time limit on, every request it would still send throws (`throwIfTestEnded`,
 * called by HttpClient and runCli), and the ones in flight are answered first.
 */

let ended = false;
/** How long a body may take to stop: longer than its longest step (a CLI command is killed at 120 s). */
const STOP_WAIT_MS = 180_000;

export const ownWork =
  (body: (context: TestContext) => Promise<void>) =>
  (context: TestContext): Promise<void> => {
    ended = false;
    context.signal.addEventListener('abort', () => (ended = true), { once: true });
    const work = body(context);
    context.onTestFinished(async () => {
      ended = true;
      await work.catch(() => undefined);
      ended = false;
    }, STOP_WAIT_MS);
    return work;
  };

/** Throws once the test running has ended (its time limit passed): nothing more is sent. */
export const throwIfTestEnded = () => {
  if (ended) throw new Error('This test has ended (its time limit passed): nothing more is sent');
};
