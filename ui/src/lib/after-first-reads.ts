import type { QueryClient } from '@tanstack/react-query';

/** Whatever the reads, the work starts this long after the page's load. */
const AT_MOST_MS = 5000;

/**
 * Runs `work` once, when the page has loaded, its first reads are in (none fetching; offline
 * they pause, which counts as in) and the browser is idle: work that would otherwise share a
 * phone's slow link and CPU with the first screen (issue 47). Returns a function that stops waiting.
 */
export function afterFirstReads(queryClient: QueryClient, work: () => void): () => void {
  let done = false;
  let unsubscribe = () => {};
  let cap: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    if (done) return;
    done = true;
    unsubscribe();
    clearTimeout(cap);
    work();
  };
  const idle = () => ('requestIdleCallback' in window ? window.requestIdleCallback(run, { timeout: 2000 }) : setTimeout(run, 200));
  const loaded = () => {
    cap = setTimeout(run, AT_MOST_MS);
    if (queryClient.isFetching() === 0) return void idle();
    unsubscribe = queryClient.getQueryCache().subscribe(() => {
      if (queryClient.isFetching() > 0) return;
      unsubscribe();
      idle();
    });
  };
  if (document.readyState === 'complete') loaded();
  else window.addEventListener('load', loaded, { once: true });
  return () => {
    done = true;
    unsubscribe();
    clearTimeout(cap);
    window.removeEventListener('load', loaded);
  };
}
