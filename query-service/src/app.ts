import { api } from '@erp/contracts';
import type { EventStore, Notifier } from '@erp/eventstore';
import type { ReadDb } from '@erp/projections';
import {
  API_CSP,
  apiKeyReadRoutes,
  type AuthStore,
  authReadRoutes,
  errorHandler,
  inlineHashes,
  jsonOnce,
  requestContext,
  securityHeaders,
  roleGuard,
  strictInput,
  sessionAuth,
  userReadRoutes,
  webhookReadRoutes,
  webhookStore,
} from '@erp/http-kit';
import Router from '@koa/router';
import Koa, { type Context, type Middleware } from 'koa';
import compress from 'koa-compress';

import { homeRoutes } from './home/home.routes';
import { moduleRoutes } from './modules/module.routes';
import { docsPage } from './operators/docs-page';
import { openApiDocument } from './operators/openapi';
import { activityExportRoute } from './operators/activity-export.route';
import { activityRoute } from './operators/activity.route';
import { operatorRoutes } from './operators/operator.routes';
import { registerReadRoutes } from './routes';
import { refuseUnknown } from './shared/refuse-unknown';

export interface QueryAppDeps {
  readonly db: ReadDb;
  readonly store: EventStore;
  readonly notifier: Notifier;
  readonly auth: AuthStore;
  readonly log?: (error: unknown, ctx: Context) => void;
  readonly now?: () => Date;
  /** Health says `degraded` once a read model lags more than this (ms; default 10 s). */
  readonly healthMaxLagMs?: number;
  /** Outermost middleware, around everything (the server's request metrics); gets the router to name routes. */
  readonly observe?: (router: Router) => Middleware;
}

/** The read side: GET only, from read-model tables (the event log only for audit routes). */
export const createQueryApp = (deps: QueryAppDeps): Koa => {
  const app = new Koa({ proxy: true });
  const router = new Router();
  const now = deps.now ?? (() => new Date());
  authReadRoutes(router, deps.auth);
  userReadRoutes(router, deps.auth);
  apiKeyReadRoutes(router, deps.auth);
  webhookReadRoutes(router, webhookStore(deps.db));
  moduleRoutes(router);
  homeRoutes(router, deps, now);
  operatorRoutes(router, deps.db, deps.store, deps.notifier, deps.healthMaxLagMs);
  activityRoute(router, deps.db, deps.store);
  activityExportRoute(router, deps.db, deps.store, now);
  registerReadRoutes(router, { ...deps, clock: now });
  router.get(api.openapi, (ctx: Context) => {
    refuseUnknown(ctx, []);
    ctx.body = openApiDocument();
  });
  // Built at the first request, not at start: a restart answers sooner.
  let docs: { page: string; csp: string } | undefined;
  router.get(api.docs, (ctx: Context) => {
    refuseUnknown(ctx, []);
    if (!docs) {
      const page = docsPage(openApiDocument());
      docs = { page, csp: `${API_CSP}; style-src ${inlineHashes(page, 'style').join(' ')}` };
    }
    ctx.set('Content-Security-Policy', docs.csp);
    ctx.type = 'html';
    ctx.body = docs.page;
  });
  if (deps.observe) app.use(deps.observe(router));
  app.use(securityHeaders());
  // Answers over 1 kB go Brotli (quality 4) or gzip-compressed to clients that take it: a list
  // page of 100 vendors is 22 kB of JSON, 3 kB on a phone's network.
  app.use(compress({ threshold: 1024 }));
  app.use(jsonOnce);
  app.use(errorHandler(deps.log ?? (() => undefined)));
  app.use(requestContext(now));
  app.use(sessionAuth(deps.auth));
  app.use(roleGuard(router));
  // What each route takes is what the OpenAPI document says: anything else is a 400 naming it.
  app.use(strictInput(openApiDocument));
  app.use(router.routes());
  app.use(router.allowedMethods());
  return app;
};
