import { createCommandApp } from '@erp/command-service';
import { createQueryApp } from '@erp/query-service';
import type Koa from 'koa';

export interface RouteInfo {
  readonly method: string;
  /** The router's path pattern, e.g. `/api/purchase/vendors/:id`. */
  readonly path: string;
  readonly side: 'command' | 'query';
}

interface RouterLike {
  readonly stack: readonly { readonly path: string; readonly methods: readonly string[] }[];
}

const routerOf = (app: Koa): RouterLike => {
  const found = (app.middleware as unknown as { router?: RouterLike }[]).find((m) => m.router)?.router;
  if (!found) throw new Error('No @koa/router in this app: the route walk cannot see its routes');
  return found;
};

/**
 * Every route the product's Koa routers register, read from the real app factories (not a
 * hand-kept list): a route added tomorrow shows up here by itself. Building an app does no I/O,
 * so the dependencies can be stubs.
 */
export const productRoutes = (): RouteInfo[] => {
  const stub = {} as never;
  const sides = [
    ['command', createCommandApp({ db: stub, store: stub, notifier: stub, ids: stub, auth: stub })],
    ['query', createQueryApp({ db: stub, store: stub, notifier: stub, auth: stub })],
  ] as const;
  return sides.flatMap(([side, app]) =>
    routerOf(app).stack.flatMap((layer) =>
      layer.methods.filter((m) => m !== 'HEAD').map((method) => ({ method, path: layer.path, side })),
    ),
  );
};

const SAMPLE_PARAMS: Record<string, string> = { name: 'purchase', id: '1', position: '1' };

/** A concrete URL for a route pattern (`:id` → 1, `:name` → purchase). */
export const sampleUrl = (pattern: string) =>
  pattern.replace(/:(\w+)/g, (_, name: string) => SAMPLE_PARAMS[name] ?? '1');

/** OpenAPI style: `/api/purchase/vendors/:id` → `/api/purchase/vendors/{id}`. */
export const openApiPath = (pattern: string) => pattern.replace(/:(\w+)/g, '{$1}');
