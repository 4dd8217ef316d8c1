/**
 * Sleeps until the poll interval passes or a wake-up comes. A wake-up that arrives while the
 * loop is busy is remembered, so the next sleep returns at once.
 */
export const waker = () => {
  let pending = false;
  let cut: (() => void) | null = null;
  let lastPoke = 0;
  return {
    poke: () => {
      pending = true;
      lastPoke = performance.now();
      cut?.();
    },
    /**
     * Waits until `until` (a performance.now() time), or until no wake-up has come for
     * `quietMs`: a stream of appends is gathered, and its tail is not held once it stops. A
     * wake-up that came meanwhile is kept for the next sleep.
     */
    gather: async (until: number, quietMs: number) => {
      for (;;) {
        const now = performance.now();
        const end = Math.min(until, lastPoke + quietMs);
        if (now >= end) return;
        await new Promise((resolve) => setTimeout(resolve, end - now));
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
