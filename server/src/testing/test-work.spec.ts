import { setTimeout as sleep } from 'node:timers/promises';

import { describe, expect, it } from 'vitest';

import { ownWork, throwIfTestEnded } from './test-work';

/**
 * Issue 41: vitest gives up on a test at its time limit but cannot stop its body, which went on
 * writing while the next test counted. The first test here runs past its limit on purpose
 * (`it.fails` expects the time-out); the second checks that its work stopped before it began.
 */
describe('a test past its time limit', () => {
  const writes: string[] = [];
  /** One write: sent (the gate says whether it may be), then answered a little later. */
  const write = async (n: number) => {
    throwIfTestEnded();
    writes.push(`sent ${n}`);
    await sleep(40);
    writes.push(`answered ${n}`);
  };

  it.fails('writes on and on, past its 100 ms limit', ownWork(async () => {
    for (let n = 0; ; n++) await write(n);
  }), 100);

  it('starts once that work has stopped: the write in flight was answered, and no more is sent', async () => {
    expect(writes.length).toBeGreaterThan(0);
    expect(writes.at(-1)).toMatch(/^answered/);
    const seen = writes.length;
    // Two writes' time: a body still running would have sent another by then.
    await sleep(100);
    expect(writes).toHaveLength(seen);
  });

  it('a finished test leaves the gate open for the next', ownWork(async () => {
    await write(-1);
    expect(writes.at(-1)).toBe('answered -1');
  }));
});
