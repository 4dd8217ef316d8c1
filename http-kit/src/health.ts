import { api, can, errorCode, type Health } from '@erp/contracts';
import type { EventStore, Notifier } from '@erp/eventstore';
import type Router from '@koa/router';
import type { Context } from 'koa';

const STORE_TIMEOUT_MS = 2000;

/**
 * The store part of /api/health, on its own: can we read the log head within 2 s? Only the
 * error code is shown (health needs no session; connection details stay in the log).
 */
export const storeHealth = async (store: EventStore) => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })), STORE_TIMEOUT_MS);
    });
    const head = await Promise.race([store.headPosition(), timeout]);
    return { kind: store.kind, reachable: true, head } as const;
  } catch (error) {
    return { kind: store.kind, reachable: false, head: null, error: errorCode(error) ?? 'unreachable' } as const;
  } finally {
    clearTimeout(timer);
  }
};

/** A problem as anyone is told it (`projection vendor_list stopped`), and what follows for those who may read the log. */
export interface HealthProblem {
  readonly what: string;
  readonly detail?: string;
}

/** What a service adds to its health: more problems (degraded) and fields of the body. */
export interface HealthPart {
  readonly problems: readonly HealthProblem[];
  readonly body: Partial<Pick<Health, 'projections' | 'rebuilds'>>;
}

/**
 * GET /api/health, for people and for a proxy's failover: 503 `down` when the store cannot be
 * reached (send traffic elsewhere); 200 `degraded` when the notifier is down (readers poll) or
 * a service's own part finds a problem; 200 `ok` otherwise. `problems` says which part.
 *
 * The details — the log's head, each read model's position and lag, the event one is stopped on
 * and its error, rebuilds — tell how big the log is and can quote a record: only a session whose
 * role may read the log (`audit`, as Activity) gets them. Anyone else, and a proxy, gets the
 * status, the problems by name, and whether the store and the notifier answer.
 */
export const healthRoute = (router: Router, store: EventStore, notifier: Notifier, more?: () => Promise<HealthPart>) =>
  router.get(api.health, async (ctx: Context) => {
    let storePart: Health['store'] = await storeHealth(store);
    let extra: HealthPart = { problems: [], body: {} };
    if (storePart.reachable && more) {
      // The store can go away between the two reads: then it is down, not a 500.
      extra = await more().catch(() => {
        storePart = { kind: store.kind, reachable: false, head: null, error: 'unreachable' };
        return extra;
      });
    }
    const problems = [...(storePart.reachable ? [] : [{ what: 'store unreachable' }]), ...(notifier.isHealthy() ? [] : [{ what: 'notifier down' }]), ...extra.problems];
    const status = !storePart.reachable ? 'down' : problems.length > 0 ? 'degraded' : 'ok';
    ctx.status = status === 'down' ? 503 : 200;
    ctx.set('Cache-Control', 'no-store');
    const notifierPart = { kind: notifier.kind, healthy: notifier.isHealthy() };
    const details = can(ctx.state.user?.role, 'audit');
    const { head: _head, ...publicStore } = storePart;
    const body: Health = details
      ? { status, problems: problems.map((p) => (p.detail ? `${p.what} ${p.detail}` : p.what)), store: storePart, notifier: notifierPart, ...extra.body }
      : { status, problems: problems.map((p) => p.what), store: publicStore, notifier: notifierPart };
    ctx.body = body;
  });
