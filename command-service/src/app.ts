import type { AnyDb, EventStore, IdAllocator, Notifier } from '@erp/eventstore';
import {
  apiKeyWriteRoutes,
  type AuthStore,
  authWriteRoutes,
  errorHandler,
  healthRoute,
  jsonBody,
  jsonOnly,
  requestContext,
  sameOrigin,
  securityHeaders,
  roleGuard,
  type StrictDocument,
  strictInput,
  sessionAuth,
  userWriteRoutes,
  webhookStore,
  webhookWriteRoutes,
  type WebhookTargetPolicy,
} from '@erp/http-kit';
import Router from '@koa/router';
import Koa, { type Context, type Middleware } from 'koa';

import type { GstReturnsNow } from './gst/returns-now';
import { registerWriteRoutes } from './routes';
import { idempotency } from './shared/idempotency';
import { userEvents } from './shared/user-events';

export interface CommandAppDeps {
  readonly db: AnyDb;
  readonly store: EventStore;
  /** For health only: writes publish through the store. */
  readonly notifier: Notifier;
  readonly ids: IdAllocator;
  readonly auth: AuthStore;
  /** A month's GST returns as they stand, for a filing to keep (issue 44 item 4). */
  readonly gstReturns?: GstReturnsNow;
  readonly allowedOrigins?: readonly string[];
  /**
   * Behind a reverse proxy (the services-mode gateway): take the client address from the last
   * X-Forwarded-For entry, the one the proxy appended. Off by default, or any client could
   * name its own address in that header and dodge the login throttle.
   */
  readonly trustProxy?: boolean;
  readonly bodyLimit?: string;
  /** Where webhooks may be registered to (ERP_WEBHOOK_ALLOW_PRIVATE); by default not inside the server's network. */
  readonly webhookTargets?: WebhookTargetPolicy;
  readonly log?: (error: unknown, ctx: Context) => void;
  readonly now?: () => Date;
  /** Outermost middleware, around everything (the server's request metrics); gets the router to name routes. */
  readonly observe?: (router: Router) => Middleware;
  /** What each route takes (the OpenAPI document): any other query parameter or body field is a 400 naming it. */
  /** The document whose operations say what input is known (built at the first request when a function). */
  readonly accepts?: StrictDocument | (() => StrictDocument);
}

/** The write side: validates, decides and appends events. It never touches a read model. */
export const createCommandApp = (deps: CommandAppDeps): Koa => {
  const app = new Koa({ proxy: deps.trustProxy ?? false, maxIpsCount: 1 });
  const router = new Router();
  authWriteRoutes(router, deps.auth);
  userWriteRoutes(router, deps.auth, userEvents(deps.store));
  apiKeyWriteRoutes(router, deps.auth);
  webhookWriteRoutes(router, webhookStore(deps.db), deps.webhookTargets ?? { allowPrivate: false });
  // The reverse proxy's health check of each command instance (deploy/haproxy.cfg): 503 when
  // PostgreSQL is out of reach. Browsers never get here: every GET goes to the query service.
  healthRoute(router, deps.store, deps.notifier);
  registerWriteRoutes(router, deps);
  if (deps.observe) app.use(deps.observe(router));
  app.use(securityHeaders());
  app.use(errorHandler(deps.log ?? (() => undefined)));
  app.use(requestContext(deps.now));
  app.use(sameOrigin(deps.allowedOrigins ?? []));
  app.use(sessionAuth(deps.auth));
  app.use(roleGuard(router));
  app.use(jsonOnly);
  app.use(jsonBody(deps.bodyLimit));
  if (deps.accepts) app.use(strictInput(deps.accepts));
  app.use(idempotency(deps.db));
  app.use(router.routes());
  app.use(router.allowedMethods());
  return app;
};

export { registerWriteRoutes };
