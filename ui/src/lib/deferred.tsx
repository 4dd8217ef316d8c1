import { type ComponentType, type ReactNode, startTransition, useEffect, useState } from 'react';

import { EmptyState } from '@/components/empty-state';
import { Spinner } from '@/components/spinner';

export type Deferred<P extends object> = ComponentType<P> & { preload: () => Promise<ComponentType<P>> };

/**
 * A component in its own chunk. Its code is fetched by `preload` (when the page it belongs to is
 * opened, or when the browser is idle before the likely next tap) or on first render, with the
 * spinner meanwhile; a failed fetch says so and is tried again on the next render. Not
 * React.lazy: a suspended component is revealed no sooner than 300 ms after its fallback (React's
 * reveal throttle), which on a fast load is most of the wait.
 */
export function deferred<P extends object>(load: () => Promise<ComponentType<P>>): Deferred<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  function Show(props: P) {
    const [state, setState] = useState<{ component?: ComponentType<P>; failed?: boolean }>(() => ({ component: loaded }));
    useEffect(() => {
      if (state.component) return;
      // A transition: the screen is drawn in slices, the spinner staying until it is ready.
      preload().then(
        (component) => startTransition(() => setState({ component })),
        () => setState({ failed: true }),
      );
    }, [state.component]);
    if (state.failed) return <EmptyState message="Could not load this screen. Check your connection and reload the page." />;
    const Component = state.component;
    return Component ? <Component {...props} /> : <Spinner />;
  }
  return Object.assign(Show, { preload });
}

/**
 * A module's exports, given to `show` once its chunk is here (`deferred(() => import(…).then(moduleView))`):
 * a generic component rendered by `show` keeps its type parameters, which a component passed
 * through `deferred` itself would lose.
 */
export type ModuleView<M> = ComponentType<{ show: (module: M) => ReactNode }>;
export const moduleView = <M,>(module: M): ModuleView<M> =>
  function ShowModule({ show }: { show: (module: M) => ReactNode }) {
    return <>{show(module)}</>;
  };

let started = false;
const waiting: (() => void)[] = [];
const INPUTS = ['pointerdown', 'keydown', 'scroll', 'touchstart'] as const;
const start = () => {
  started = true;
  for (const input of INPUTS) window.removeEventListener(input, start, true);
  for (const work of waiting.splice(0)) requestIdle(work);
};
if (typeof window !== 'undefined') for (const input of INPUTS) window.addEventListener(input, start, { capture: true, passive: true });

const requestIdle = (work: () => void) => {
  if ('requestIdleCallback' in window) window.requestIdleCallback(work, { timeout: 2000 });
  else setTimeout(work, 200);
};

/**
 * Runs `work` (fetching the code of the next likely screens) once the user has started to use
 * the page (a touch, a key, a scroll) and the browser is idle: on a slow phone, code fetched and
 * run while the first screen is still being drawn delays it.
 */
export const whenIdle = (work: () => void) => {
  if (started) requestIdle(work);
  else waiting.push(work);
};

/**
 * A component in its own chunk that shows nothing until its code is here (what waits to sync
 * above a list: most of the time there is none, and a spinner would flash for nothing).
 */
export function quiet<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loaded: ComponentType<P> | undefined;
  return function Quiet(props: P) {
    const [component, setComponent] = useState<ComponentType<P> | undefined>(() => loaded);
    useEffect(() => {
      if (component) return;
      let live = true;
      load().then((c) => {
        loaded = c;
        if (live) setComponent(() => c);
      }, () => undefined);
      return () => {
        live = false;
      };
    }, [component]);
    const Component = component;
    return Component ? <Component {...props} /> : null;
  };
}
