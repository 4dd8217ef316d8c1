/** Route names, shared by the services, the UI and the tests (STYLE c.10: no hand-built URLs). */
export const api = {
  health: '/api/health',
  openapi: '/api/openapi.json',
  docs: '/api/docs',
  events: '/api/events',
  modules: '/api/modules',
  module: (name: string) => `/api/modules/${encodeURIComponent(name)}`,
  moduleTasks: (name: string) => `/api/modules/${encodeURIComponent(name)}/tasks`,
  homeSummary: '/api/home/summary',
  auth: {
    setup: '/api/auth/setup',
    login: '/api/auth/login',
    logout: '/api/auth/logout',
    me: '/api/auth/me',
  },
  vendors: '/api/purchase/vendors',
} as const;

export const byId = (collection: string, id: number | string) => `${collection}/${id}`;
export const historyOf = (collection: string, id: number | string) => `${collection}/${id}/history`;

/** Browser routes of SEED-SPEC §2. */
export const routes = {
  home: '/',
  login: '/login',
  module: (name: string) => `/module/${name}`,
  task: (module: string, slug: string) => `/module/${module}/task/${slug}`,
} as const;

export const HEADERS = {
  eventPosition: 'X-Event-Position',
  minPosition: 'X-Min-Position',
  idempotencyKey: 'Idempotency-Key',
  requestId: 'X-Request-Id',
} as const;
