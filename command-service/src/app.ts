import { api } from '@erp/contracts';
import type { AnyDb, EventStore, IdAllocator } from '@erp/eventstore';
import {
  type AuthStore,
  authWriteRoutes,
  errorHandler,
  jsonBody,
  jsonOnly,
  requestContext,
  sameOrigin,
  securityHeaders,
  sessionAuth,
} from '@erp/http-kit';
import Router from '@koa/router';
import Koa, { type Context } from 'koa';
import { sql } from 'kysely';

import { registerWriteRoutes } from './routes';
import { idempotency } from './shared/idempotency';

export interface CommandAppDeps {
  readonly db: AnyDb;
  readonly store: EventStore;
  readonly ids: IdAllocator;
  readonly auth: AuthStore;
  readonly allowedOrigins?: readonly string[];
  /**
   * Behind a reverse proxy (the services-mode gateway): take the client address from the last
   * X-Forwarded-For entry, the one the proxy appended. Off by default, or any client could
   * name its own address in that header and dodge the login throttle.
   */
  readonly trustProxy?: boolean;
  readonly bodyLimit?: string;
  readonly log?: (error: unknown, ctx: Context) => void;
  readonly now?: () => Date;
}

/** The write side: validates, decides and appends events. It never touches a read model. */
export const createCommandApp = (deps: CommandAppDeps): Koa => {
  const app = new Koa({ proxy: deps.trustProxy ?? false, maxIpsCount: 1 });
  const router = new Router();
  // The reverse proxy's health check (deploy/haproxy.cfg): this instance answers and reaches
  // PostgreSQL. Browsers never get here: every GET goes to the query service.
  router.get(api.health, async (ctx: Context) => {
    await sql`select 1`.execute(deps.db);
    ctx.body = { status: 'ok', role: 'command' };
  });
  authWriteRoutes(router, deps.auth);
  registerWriteRoutes(router, deps);
  app.use(securityHeaders());
  app.use(errorHandler(deps.log ?? (() => undefined)));
  app.use(requestContext(deps.now));
  app.use(sameOrigin(deps.allowedOrigins ?? []));
  app.use(sessionAuth(deps.auth));
  app.use(jsonOnly);
  app.use(jsonBody(deps.bodyLimit));
  app.use(idempotency(deps.db));
  app.use(router.routes());
  app.use(router.allowedMethods());
  return app;
};

export { registerWriteRoutes };
