/** Route names, shared by the services, the UI and the tests (STYLE c.10: no hand-built URLs). */
export const api = {
  health: '/api/health',
  openapi: '/api/openapi.json',
  docs: '/api/docs',
  events: '/api/events',
  /** Who did what across the business, newest first (the owner's). */
  activity: '/api/activity',
  /** The activity log of a period as CSV for the auditor: who changed what, before and after (issue 43). */
  activityExport: '/api/activity/export',
  modules: '/api/modules',
  module: (name: string) => `/api/modules/${encodeURIComponent(name)}`,
  moduleTasks: (name: string) => `/api/modules/${encodeURIComponent(name)}/tasks`,
  homeSummary: '/api/home/summary',
  auth: {
    setup: '/api/auth/setup',
    login: '/api/auth/login',
    logout: '/api/auth/logout',
    me: '/api/auth/me',
    /** A user changes their own password. */
    password: '/api/auth/password',
  },
  /** The owner's list of users: add, set a role, reset a password, disable. */
  users: '/api/settings/users',
  /** The owner's webhooks (issue 23): register a URL and event types; their deliveries. */
  webhooks: '/api/settings/webhooks',
  /** The owner's API keys for machine clients (issue 46): made, listed with last use, revoked. */
  apiKeys: '/api/settings/api-keys',
} as const;

/** The only /api routes open without a session (DESIGN §2); `GET /api/auth/me` answers 401 itself. */
export const PUBLIC_API_ROUTES: readonly string[] = [
  `GET ${api.health}`,
  `POST ${api.auth.setup}`,
  `POST ${api.auth.login}`,
  `POST ${api.auth.logout}`,
  `GET ${api.auth.me}`,
  // The API's description, for generators and integrators before they have a key (issue 46).
  `GET ${api.openapi}`,
  `GET ${api.docs}`,
];

/** The business profile (Settings). */
export const BUSINESS_PATH = '/api/settings/business';
/** Locked periods (Settings): GET every scope's lock, PUT …/{scope} to lock or unlock. */
export const LOCKS_PATH = '/api/settings/locks';

export const byId = (collection: string, id: number | string) => `${collection}/${id}`;
export const historyOf = (collection: string, id: number | string) => `${collection}/${id}/history`;
/** Voiding a payment or receipt: `POST /api/purchase/payments/{id}/void`. */
export const voidPath = (record: string) => `${record}/void`;

/** Browser routes of SEED-SPEC §2. */
export const routes = {
  home: '/',
  login: '/login',
  module: (name: string) => `/module/${name}`,
  task: (module: string, slug: string) => `/module/${module}/task/${slug}`,
  /** The business profile (Settings). */
  settings: '/settings',
  /** Your account: who you are signed in as, your role, your password. */
  account: '/settings/account',
  /** The owner's users. */
  users: '/settings/users',
  /** Who did what across the business (the owner's). */
  activity: '/settings/activity',
  /** The owner's webhooks. */
  webhooks: '/settings/webhooks',
  /** The owner's API keys. */
  apiKeys: '/settings/api-keys',
  /** A document's printed form: `/print/sales-invoice/7`. */
  print: (stream: string, id: number | string) => `/print/${stream}/${id}`,
  /** A document's e-way bill and e-invoice: `/e-documents/sales-invoice/7`. */
  eDocuments: (stream: string, id: number | string) => `/e-documents/${stream}/${id}`,
  /** A customer's or vendor's page (issue 45): `/party/customer-7`, the party as the books name it. */
  party: (party: string) => `/party/${party}`,
} as const;

export const HEADERS = {
  eventPosition: 'X-Event-Position',
  minPosition: 'X-Min-Position',
  idempotencyKey: 'Idempotency-Key',
  requestId: 'X-Request-Id',
  /** On a list page that has more after it: the value to send as `after` for the next page. */
  nextAfter: 'X-Next-After',
} as const;

/** List paging (GET lists with `limit`): the most one page may ask for. */
export const PAGE_LIMIT_MAX = 500;

/** The longest Idempotency-Key a write accepts (longer: 400). */
export const IDEMPOTENCY_KEY_MAX = 255;
