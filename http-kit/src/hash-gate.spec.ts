import { describe, expect, it } from 'vitest';

import { gated, HashingBusy, limitHashing, roomToHash } from './hash-gate';

/** A stand-in for a hash that ends when the test says so. */
const held = () => {
  let finish = () => undefined as void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { finish, work: () => done };
};

describe('the hash gate', () => {
  it('runs `concurrency` hashes at once, queues `queue` more in order, and refuses the next at once with a Retry-After', async () => {
    limitHashing({ concurrency: 1, queue: 2 });
    const hashes = [held(), held(), held()];
    const started: number[] = [];
    const runs = hashes.map((h, i) => gated(() => (started.push(i), h.work())));
    expect(started).toEqual([0]);
    expect(() => roomToHash()).toThrow(HashingBusy);
    const refused = await gated(async () => 'ran').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HashingBusy);
    expect((refused as HashingBusy).retryAfterSeconds).toBeGreaterThanOrEqual(1);

    hashes[0]!.finish();
    await runs[0];
    // The place went to the first in the queue, and there is room to queue again.
    expect(started).toEqual([0, 1]);
    expect(() => roomToHash()).not.toThrow();
    hashes[1]!.finish();
    hashes[2]!.finish();
    await Promise.all(runs);
    expect(started).toEqual([0, 1, 2]);
    expect(await gated(async () => 'ran')).toBe('ran');
  });

  it('frees the place of a hash that failed', async () => {
    limitHashing({ concurrency: 1, queue: 0 });
    await expect(gated(() => Promise.reject(new Error('scrypt failed')))).rejects.toThrow('scrypt failed');
    expect(await gated(async () => 'ran')).toBe('ran');
  });
});
