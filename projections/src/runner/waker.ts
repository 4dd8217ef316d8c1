/**
 * Sleeps until the poll interval passes or a wake-up comes. A wake-up that arrives while the
 * loop is busy is remembered, so the next sleep returns at once.
 *
 * A wake-up ends a sleep in the check phase of the event loop (setImmediate), not in the middle
 * of the callback that appended: the request that appended writes its answer first, and the
 * round that follows does not delay it.
 */
export const waker = () => {
  let pending = false;
  let hurried = false;
  let cut: (() => void) | null = null;
  let release: (() => void) | null = null;
  let lastPoke = 0;
  let scheduled = false;
  const wakeSoon = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      cut?.();
    });
  };
  /** Waits until `until` (a performance.now() time), or less when hurried. */
  const pauseUntil = (until: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, Math.max(0, until - performance.now()));
      function done() {
        clearTimeout(timer);
        release = null;
        resolve();
      }
      release = done;
    });
  /** A hurry that came since the last look: the wait it asked to skip is skipped (once). */
  const takeHurry = () => {
    const was = hurried;
    hurried = false;
    return was;
  };
  return {
    poke: () => {
      pending = true;
      lastPoke = performance.now();
      if (cut) wakeSoon();
    },
    /**
     * Someone is waiting for the next round (a read with X-Min-Position, a record not projected
     * yet): a gather under way ends now, and a sleep too.
     */
    hurry: () => {
      pending = true;
      hurried = true;
      release?.();
      if (cut) wakeSoon();
    },
    /**
     * Waits until `until`, or until no wake-up has come for `quietMs`: a stream of appends is
     * gathered, and its tail is not held once it stops. A wake-up that came meanwhile is kept
     * for the next sleep.
     */
    gather: async (until: number, quietMs: number) => {
      for (;;) {
        if (takeHurry()) return;
        const end = Math.min(until, lastPoke + quietMs);
        if (performance.now() >= end) return;
        await pauseUntil(end);
      }
    },
    sleep: (ms: number) =>
      new Promise<void>((resolve) => {
        if (pending) {
          pending = false;
          return resolve();
        }
        const timer = setTimeout(done, ms);
        function done() {
          clearTimeout(timer);
          cut = null;
          pending = false;
          resolve();
        }
        cut = done;
      }),
  };
};
