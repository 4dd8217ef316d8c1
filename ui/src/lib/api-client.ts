import type { Issue } from '@erp/contracts';
import { HEADERS, isIssue } from '@erp/contracts/shell';

import { offlineCommand } from '@/lib/offline-commands';
import type { OutboxEntry } from '@/lib/outbox';
import type { Queued } from '@/lib/queued';
import { POSITION_KEY, STARTED_READS } from '@/lib/startup-reads';
import { SubmissionKeys } from '@/lib/submission-keys';

/** The outbox's code (IndexedDB, the device's series) comes with the first write that may wait, or the sync. */
const offline = () => import('@/lib/offline');

/**
 * A failed response. `message` is "<status>: <body text or status text>" (SEED-SPEC §8); the
 * parsed error body's `message` and `issues` are kept for the screens.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    text: string,
    readonly body: unknown,
  ) {
    super(`${status}: ${text}`);
    this.name = 'ApiError';
  }

  get issues(): Issue[] {
    const { body } = this;
    const issues: unknown = typeof body === 'object' && body !== null && 'issues' in body ? body.issues : undefined;
    return Array.isArray(issues) ? issues.filter(isIssue) : [];
  }

  get serverMessage(): string | undefined {
    const { body } = this;
    return typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string' ? body.message : undefined;
  }
}

export interface ApiHandlers {
  onUnauthorized?: () => void;
}

interface RequestOptions {
  body?: unknown;
  /** A 401 is an expected answer (the session probe), not a reason to go to login. */
  allowUnauthorized?: boolean;
}

let handlers: ApiHandlers = {};
const etags = new Map<string, string>();
const submissions = new SubmissionKeys();
let position = readStoredPosition();

function readStoredPosition(): bigint {
  try {
    return BigInt(sessionStorage.getItem(POSITION_KEY) ?? '0');
  } catch {
    return 0n;
  }
}

// Kept per tab in sessionStorage because task screens open with a full page load (SEED-SPEC §2),
// and a list read there must still see the save made just before (DESIGN §2 read-your-writes).
function remember(header: string | null) {
  if (!header || !/^\d+$/.test(header)) return;
  const seen = BigInt(header);
  if (seen <= position) return;
  position = seen;
  try {
    sessionStorage.setItem(POSITION_KEY, String(seen));
  } catch {
    // Storage may be unavailable (private mode); memory still serves this page.
  }
}

function buildHeaders(method: string, path: string, hasBody: boolean, idempotencyKey?: string): Headers {
  const headers = new Headers({ Accept: 'application/json' });
  if (hasBody) headers.set('Content-Type', 'application/json');
  if (idempotencyKey) headers.set(HEADERS.idempotencyKey, idempotencyKey);
  if (method === 'GET' && position > 0n) headers.set(HEADERS.minPosition, String(position));
  const etag = etags.get(path);
  if ((method === 'PUT' || method === 'DELETE') && etag) headers.set('If-Match', etag);
  return headers;
}

function trackEtag(method: string, path: string, response: Response) {
  const etag = response.headers.get('ETag');
  if (method === 'GET' && etag) etags.set(path, etag);
  if (method === 'PUT' && etag) etags.set(path, etag);
  else if (method === 'PUT' || method === 'DELETE') etags.delete(path);
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

async function fail(response: Response, options: RequestOptions): Promise<never> {
  const text = await response.text();
  const error = new ApiError(response.status, text || response.statusText, parseJson(text));
  if (response.status === 401 && !options.allowUnauthorized) handlers.onUnauthorized?.();
  throw error;
}

async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  return (await send<T>(method, path, options)).data;
}

async function send<T>(method: string, path: string, options: RequestOptions = {}): Promise<{ data: T; headers: Headers }> {
  const started = method === 'GET' ? takeEarly<T>(path) : undefined;
  if (started) return started;
  const offlineSend = offlineCommand(method, path);
  if (offlineSend) return sendThroughOutbox<T>(offlineSend.method, path, options);
  const hasBody = options.body !== undefined;
  // Save pressed again after a network error sends the same key: the server answers the first result.
  const key = method === 'POST' ? submissions.keyFor(path, options.body) : undefined;
  const response = await fetch(path, {
    method,
    credentials: 'include',
    headers: buildHeaders(method, path, hasBody, key),
    body: hasBody ? JSON.stringify(options.body) : undefined,
  });
  if (key) submissions.answered(path, options.body, response.status);
  // A write makes every answer read before it old: none is handed to a screen after it.
  if (method !== 'GET') forgetEarly();
  return receive<T>(method, path, response, options);
}

/** Sends one command of the outbox as it was kept: its key, its If-Match, its body. */
async function transmit(entry: OutboxEntry): Promise<Response> {
  // The browser knows it has no network: not tried (a request may hang until it gives up).
  if (!navigator.onLine) throw new TypeError('offline');
  const headers = new Headers({ Accept: 'application/json', 'Content-Type': 'application/json' });
  headers.set(HEADERS.idempotencyKey, entry.id);
  if (entry.ifMatch) headers.set('If-Match', entry.ifMatch);
  const response = await fetch(entry.path, { method: entry.method, credentials: 'include', headers, body: JSON.stringify(entry.body) });
  remember(response.headers.get(HEADERS.eventPosition));
  return response;
}

/**
 * A command that may be made offline (lib/offline-commands.ts) is kept in the outbox first, with
 * this submission's key, and sent from there: answered, it is handled as any other answer; not
 * answered, it waits on the device and the screen is told so (lib/queued.ts).
 */
async function sendThroughOutbox<T>(method: 'POST' | 'PUT', path: string, options: RequestOptions): Promise<{ data: T; headers: Headers }> {
  const key = submissions.keyFor(`${method} ${path}`, options.body);
  const { submitOffline } = await offline();
  const outcome = await submitOffline({ id: key, method, path, body: options.body ?? null, ifMatch: etags.get(path) ?? null }, transmit);
  // Kept in the outbox is settled too: the same values saved again are another record.
  submissions.answered(`${method} ${path}`, options.body, outcome.kind === 'answered' ? outcome.response.status : 200);
  forgetEarly();
  if (outcome.kind === 'queued') return { data: { waitingToSync: outcome.entry } satisfies Queued as T, headers: new Headers() };
  return receive<T>(method, path, outcome.response, options);
}

async function receive<T>(method: string, path: string, response: Response, options: RequestOptions): Promise<{ data: T; headers: Headers }> {
  remember(response.headers.get(HEADERS.eventPosition));
  if (!response.ok) return fail(response, options);
  trackEtag(method, path, response);
  const text = response.status === 204 ? '' : await response.text();
  return { data: (text ? JSON.parse(text) : undefined) as T, headers: response.headers };
}

// GETs started before the screen that reads them has loaded (preload): kept for a few seconds,
// handed to the first caller asking for the same path, then forgotten. Those index.html started
// are the page load's own: kept for its screen however long a slow phone takes to run its code
// (on a busy one, over 5 s: the screen then read everything a second time).
const EARLY_MS = 5000;
const STARTUP_MS = 60_000;
const early = new Map<string, { until: number; answer: Promise<{ data: unknown; headers: Headers }> }>();

const forgetEarly = () => {
  early.clear();
  delete window[STARTED_READS];
};

/** A GET index.html started before any script of ours had loaded (startup-reads), taken once. */
function startedByPage(path: string): Promise<Response> | undefined {
  const reads = window[STARTED_READS];
  const started = reads?.[path];
  if (reads) delete reads[path];
  return started;
}

function takeEarly<T>(path: string) {
  const started = early.get(path);
  early.delete(path);
  return started && Date.now() < started.until ? (started.answer as Promise<{ data: T; headers: Headers }>) : undefined;
}

/**
 * The one HTTP client (STYLE b.10): credentials and JSON on every call, typed errors,
 * read-your-writes through X-Min-Position, If-Match from the ETag of the last detail read, and
 * an Idempotency-Key on every POST, one per submission (submission-keys.ts).
 * Components never call `fetch`.
 */
export const apiClient = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
  /** A GET that also gives the answer's headers (a list page's X-Next-After). */
  getWithHeaders: <T>(path: string) => send<T>('GET', path),
  /** Starts a GET now, for a screen whose code is still loading; the first GET of that path takes it. */
  preload(path: string) {
    if (early.has(path)) return;
    const started = startedByPage(path);
    const answer = started ? started.then((response) => receive('GET', path, response, {})) : send('GET', path);
    answer.catch(() => undefined); // whoever takes it sees the failure; nobody else must.
    early.set(path, { until: Date.now() + (started ? STARTUP_MS : EARLY_MS), answer });
  },
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body: unknown) => request<T>('PUT', path, { body }),
  delete: (path: string) => request<void>('DELETE', path),
  /** The outbox, for the sync and the screens that show what waits (lib/offline.ts). */
  outbox: async () => (await offline()).outboxWith(transmit),
  configure(next: ApiHandlers) {
    handlers = next;
  },
  /**
   * Forget positions, ETags, open submissions and every answer started before (index.html's startup reads, the
   * preloads): on sign-in and sign-out, so nothing read under one session (a 401 before
   * signing in, another user's data) is handed to a screen of the next.
   */
  reset() {
    etags.clear();
    submissions.clear();
    forgetEarly();
    position = 0n;
    try {
      sessionStorage.removeItem(POSITION_KEY);
    } catch {
      // Nothing stored.
    }
  },
};

export const isApiError = (error: unknown, status?: number): error is ApiError =>
  error instanceof ApiError && (status === undefined || error.status === status);
