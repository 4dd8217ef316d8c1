import { type IncomingMessage, request, type RequestListener, type ServerResponse } from 'node:http';

import { HEADERS } from '@erp/contracts';
import { API_CSP, SECURITY_HEADERS } from '@erp/http-kit';

import { logger } from './log';

/** How long an instance that failed a connection gets no new requests. */
const DOWN_FOR_MS = 2_000;
/** Bodies are held whole so a request can be sent again; the services take 256 kB at most. */
const MAX_BODY_BYTES = 1024 * 1024;
/** The connection itself failed: nothing was sent, so any request may go to another instance. */
const CONNECT_FAILED = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

interface Upstream {
  readonly url: URL;
  downUntil: number;
}

/** A read changes nothing, and a POST with an Idempotency-Key answers its first result again. */
const replayable = (req: IncomingMessage) =>
  req.method === 'GET' || req.method === 'HEAD' || (req.method === 'POST' && Boolean(req.headers[HEADERS.idempotencyKey.toLowerCase()]));

const pathOf = (req: IncomingMessage) => (req.url ?? '/').split('?')[0];

const readBody = (req: IncomingMessage) =>
  new Promise<Buffer | null>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on('end', () => resolve(size <= MAX_BODY_BYTES ? Buffer.concat(chunks) : null));
    req.on('error', reject);
  });

const answerError = (res: ServerResponse, status: number, error: string, message: string, extra: Record<string, string> = {}) => {
  if (res.headersSent) return void res.destroy();
  res.writeHead(status, { ...SECURITY_HEADERS, 'content-security-policy': API_CSP, 'content-type': 'application/json', ...extra });
  res.end(JSON.stringify({ error, message }));
};

/** One attempt; resolves 'retry' when the request may go to another instance. */
const send = (upstream: Upstream, req: IncomingMessage, body: Buffer, res: ServerResponse, trustProxy: boolean) =>
  new Promise<'done' | 'retry'>((resolve) => {
    const { url } = upstream;
    // The body goes whole, with its length (it was read to be sent again if need be).
    const { 'transfer-encoding': _chunked, ...headers } = req.headers;
    const forwardedProto = req.headers['x-forwarded-proto'];
    const outgoing = request(
      {
        hostname: url.hostname,
        port: url.port,
        method: req.method,
        path: req.url,
        headers: {
          ...headers,
          'content-length': String(body.length),
          'x-forwarded-for': [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', '),
          // The client's own X-Forwarded-Proto counts only from a proxy we were told to trust: it
          // decides whether the session cookie is marked Secure.
          'x-forwarded-proto': (trustProxy && typeof forwardedProto === 'string' ? forwardedProto : undefined) ?? 'http',
          'x-forwarded-host': req.headers.host ?? '',
        },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        answer.on('error', () => res.destroy());
        answer.once('close', () => resolve('done'));
      },
    );
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      upstream.downUntil = Date.now() + DOWN_FOR_MS;
      const retry = !res.headersSent && (CONNECT_FAILED.has(error.code ?? '') || replayable(req));
      // The path without its query: a search text is the user's, not the log's.
      logger.warn(
        { target: url.origin, method: req.method, path: pathOf(req), code: error.code ?? error.message, retry },
        'gateway: upstream failed',
      );
      if (retry) return resolve('retry');
      answerError(res, 502, 'internal_error', 'The service behind the gateway failed while answering');
      resolve('done');
    });
    outgoing.end(body);
  });

/**
 * Reverse proxy to one or more instances (COMMAND_URL/QUERY_URL may list several), round robin
 * over the ones not marked down. An instance whose connection fails is marked down for 2 s and
 * the request goes to the next one when nothing was sent, or when sending it again is harmless.
 * None reachable: 503 with Retry-After. `trustProxy`: the gateway sits behind a TLS-terminating
 * proxy (ERP_TRUST_PROXY).
 */
export const proxyTo = (urls: string, trustProxy = false): RequestListener => {
  const upstreams: Upstream[] = urls.split(',').map((u) => ({ url: new URL(u.trim()), downUntil: 0 }));
  let next = 0;
  /** Every instance once, the ones up first, starting after the last one picked. */
  const order = () => {
    const start = next++;
    const all = upstreams.map((_, i) => upstreams[(start + i) % upstreams.length]!);
    const now = Date.now();
    return [...all.filter((u) => u.downUntil <= now), ...all.filter((u) => u.downUntil > now)];
  };
  return async (req: IncomingMessage, res: ServerResponse) => {
    let body: Buffer | null;
    try {
      body = await readBody(req);
    } catch {
      return void res.destroy();
    }
    if (body === null) return answerError(res, 413, 'payload_too_large', 'The request body is too large');
    for (const upstream of order()) {
      if ((await send(upstream, req, body, res, trustProxy)) === 'done') return;
    }
    logger.error({ method: req.method, path: pathOf(req), upstreams: upstreams.map((u) => u.url.origin), status: 503 }, 'gateway: no upstream instance answered');
    answerError(res, 503, 'unavailable', 'The service behind the gateway is not reachable; try again shortly', { 'retry-after': '2' });
  };
};
