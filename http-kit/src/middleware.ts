import { randomUUID } from 'node:crypto';
import { Stream } from 'node:stream';

import { DomainError, type ErrorBody, errorCode, errorMessage, errorStatus, HEADERS, type Role } from '@erp/contracts';
import type { Context, Middleware, Next } from 'koa';

import { HashingBusy } from './hash-gate';
import { HttpError } from './http-error';

export interface SessionUser {
  readonly id: number;
  readonly username: string;
  readonly role: Role;
  /** Set when the request came with an API key: the key's id (`id` is then its negative). */
  readonly apiKeyId?: number;
}

/** What every request carries (STYLE b.5): set by middleware, read by routes. */
export interface AppState {
  user?: SessionUser;
  correlationId: string;
  now: Date;
  idempotencyKey?: string;
  /** The hash of a request sent with an Idempotency-Key (kept with the events it appends). */
  idempotencyHash?: string;
}

export type AppContext = Context & { state: AppState };

// Every request's state is the AppState requestContext fills first (Koa's own state type is `any`).
declare module 'koa' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging: Koa's DefaultState takes AppState's members
  interface DefaultState extends AppState {}
}

/** The user id events record: none for an API key (its name is the `username`: "API key Tally sync"). */
export const actorId = (state: AppState): number | null => (state.user && state.user.apiKeyId === undefined ? state.user.id : null);

const DOMAIN_STATUS = {
  validation: [400, 'validation_failed'],
  not_found: [404, 'not_found'],
  conflict: [409, 'conflict'],
  version_mismatch: [412, 'precondition_failed'],
} as const;

const LIB_STATUS: Record<number, ErrorBody['error']> = {
  400: 'validation_failed',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
};

/** Seconds a client is asked to wait while the database is away (`Retry-After`). */
export const RETRY_AFTER_SECONDS = 2;

const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', '57P01', '57P02', '57P03', '08000', '08003', '08006']);

/**
 * The database is unreachable, restarting or cut the connection: the request can be retried
 * as is once it is back. A pool that times out waiting for a connection says so in words.
 */
export const isConnectionError = (error: unknown): boolean => {
  if (typeof error !== 'object' || error === null) return false;
  if (CONNECTION_CODES.has(errorCode(error) ?? '')) return true;
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|connect ECONNREFUSED/.test(errorMessage(error));
};

const toHttpError = (error: unknown): HttpError => {
  if (error instanceof HttpError) return error;
  if (error instanceof HashingBusy) {
    const wait = String(error.retryAfterSeconds);
    return new HttpError(503, 'unavailable', `Too many sign-ins are being checked right now; try again in ${wait} seconds`, undefined, { 'Retry-After': wait });
  }
  if (isConnectionError(error) || (error instanceof AggregateError && error.errors.some(isConnectionError))) {
    return new HttpError(503, 'unavailable', 'The database is not reachable right now; try again shortly', undefined, { 'Retry-After': String(RETRY_AFTER_SECONDS) });
  }
  // A deadlock or serialization failure that outlived the command's own retries: nothing was
  // written, and the same request is likely to go through in a moment.
  const sqlState = errorCode(error);
  if (sqlState === '40P01' || sqlState === '40001') {
    return new HttpError(409, 'conflict', 'The records are being changed by others right now; try again');
  }
  if (error instanceof DomainError) {
    const [status, code] = DOMAIN_STATUS[error.kind];
    return new HttpError(status, code, error.message, error.issues);
  }
  // A body that claims a Content-Encoding it does not have: bad input, not a crash.
  if (/^Z_/.test(errorCode(error) ?? '')) {
    return new HttpError(400, 'validation_failed', 'The request body could not be decoded');
  }
  const status = errorStatus(error);
  // The JSON parser (@hapi/bourne) refuses prototype keys anywhere in a body: valid JSON, refused input.
  if (status === 400 && /forbidden prototype property/.test(errorMessage(error))) {
    return new HttpError(400, 'validation_failed', 'The request body has a "__proto__" or "constructor.prototype" key, which is not accepted');
  }
  if (status && status >= 400 && status < 500) {
    const message = status === 400 ? 'Request body is not valid JSON' : errorMessage(error);
    return new HttpError(status, LIB_STATUS[status] ?? 'validation_failed', message);
  }
  return new HttpError(500, 'internal_error', 'Something went wrong on our side');
};

/** The one error middleware: every failure becomes `{ error, message, issues }`. */
export const errorHandler = (log: (error: unknown, ctx: Context) => void): Middleware =>
  async (ctx: Context, next: Next) => {
    try {
      await next();
      const bare = ctx.body === undefined || ctx.body === null;
      if (bare && ctx.status === 404 && ctx.path.startsWith('/api')) {
        throw new HttpError(404, 'not_found', `No route for ${ctx.method} ${ctx.path}`);
      }
      if (bare && (ctx.status === 405 || ctx.status === 501)) {
        // The router's answer, with its Allow header kept, in the one error shape.
        const allow = ctx.response.get('Allow');
        throw new HttpError(405, 'method_not_allowed', `${ctx.method} is not allowed here${allow ? `; use ${allow}` : ''}`, undefined, allow ? { Allow: allow } : {});
      }
    } catch (error) {
      const http = toHttpError(error);
      // A full hash queue is the designed answer to a flood, not a fault: a line each would flood the log.
      if (http.status >= 500 && !(error instanceof HashingBusy)) log(error, ctx);
      ctx.status = http.status;
      ctx.set(http.headers);
      const body: ErrorBody = { error: http.code, message: http.message };
      if (http.issues) body.issues = http.issues;
      ctx.body = body;
    }
  };

export const requestContext = (now: () => Date = () => new Date()): Middleware =>
  async (ctx: Context, next: Next) => {
    const given = ctx.get(HEADERS.requestId);
    const state = ctx.state;
    state.correlationId = /^[\w-]{1,100}$/.test(given) ? given : randomUUID();
    state.now = now();
    ctx.set(HEADERS.requestId, state.correlationId);
    await next();
  };

const isWrite = (method: string) => !['GET', 'HEAD', 'OPTIONS'].includes(method);

/** Writes must be JSON (415) when they carry a body. */
export const jsonOnly: Middleware = async (ctx: Context, next: Next) => {
  const hasBody = Number(ctx.get('content-length') || 0) > 0 || ctx.get('transfer-encoding') !== '';
  if (isWrite(ctx.method) && hasBody && !ctx.is('application/json')) {
    throw new HttpError(415, 'unsupported_media_type', 'Send the body as application/json');
  }
  await next();
};

/** Writes from a foreign page get 403; clients that send no Origin (integrators) pass. */
export const sameOrigin = (allowed: readonly string[]): Middleware =>
  async (ctx: Context, next: Next) => {
    const origin = ctx.get('origin');
    // `Origin: null` (sandboxed frames, file: pages) is foreign too.
    if (isWrite(ctx.method) && origin) {
      let host: string;
      try {
        host = new URL(origin).host;
      } catch {
        host = '';
      }
      if (host !== ctx.host && !allowed.includes(origin)) {
        throw new HttpError(403, 'forbidden_origin', 'Requests from this origin are not allowed');
      }
    }
    await next();
  };

/**
 * An object answer becomes its JSON text here, once. Placed inside koa-compress: it measures a
 * body by serializing it (Content-Length) and koa serializes it again to send it; a text is
 * measured and sent as it is. Buffers, streams and texts pass by.
 */
export const jsonOnce: Middleware = async (ctx: Context, next: Next) => {
  await next();
  const { body } = ctx;
  if (body === null || typeof body !== 'object' || Buffer.isBuffer(body) || body instanceof Stream) return;
  if (body instanceof Blob || body instanceof ReadableStream || body instanceof Response) return;
  ctx.body = JSON.stringify(body);
};
