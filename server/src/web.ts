import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';

import { errorStatus } from '@erp/contracts';
import { inlineHashes, SECURITY_HEADERS } from '@erp/http-kit';
import Koa from 'koa';
import serve from 'koa-static';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * The SPA's policy. Scripts: our own files plus, by hash, the inline route-preload script the
 * build writes into index.html (ui/vite.config.ts `routePreloads`), read from the file served.
 * Styles: styled-components adds its rules at run time into a <style> it creates, which CSP
 * only allows with 'unsafe-inline' (or a per-page nonce).
 */
const uiPolicy = (scriptHashes: readonly string[]) =>
  [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes.join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    // The installable app (issue 47): its service worker and manifest, both of this origin.
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');

/** The policy for the index.html on disk, worked out again whenever a new build replaces it. */
const policyOf = (index: string) => {
  let seen = { mtimeMs: -1, policy: uiPolicy([]) };
  return async () => {
    const mtimeMs = await stat(index).then((s) => s.mtimeMs, () => 0);
    if (mtimeMs !== seen.mtimeMs) {
      const html = mtimeMs ? await readFile(index, 'utf8') : '';
      seen = { mtimeMs, policy: uiPolicy(inlineHashes(html, 'script')) };
    }
    return seen.policy;
  };
};

/**
 * The built SPA: hashed assets cached for a year, index.html revalidated, and every text asset
 * sent Brotli- or gzip-compressed from the copies the build wrote (ui/scripts/compress.mjs).
 */
export const staticApp = (uiDir: string): Handler => {
  const app = new Koa();
  // A browser that navigates away mid-download closes the stream: nothing went wrong here.
  app.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'ERR_STREAM_PREMATURE_CLOSE' || error.code === 'ECONNRESET' || error.code === 'EPIPE') return;
    console.error('ui: could not send an asset:', error.message);
  });
  const index = path.join(uiDir, 'index.html');
  const policy = policyOf(index);
  app.use(async (ctx, next) => {
    ctx.set(SECURITY_HEADERS);
    ctx.set('Content-Security-Policy', await policy());
    try {
      await next();
    } catch (error) {
      // Koa's own error answer would drop the headers above; a bad path is a plain 4xx here.
      const status = errorStatus(error);
      ctx.status = status && status >= 400 && status < 500 ? status : 500;
      ctx.type = 'text';
      ctx.body = ctx.status === 500 ? 'Something went wrong on our side' : 'Bad request';
      if (ctx.status === 500) app.emit('error', error, ctx);
    }
    // The answer depends on Accept-Encoding wherever a compressed copy may be chosen.
    ctx.vary('Accept-Encoding');
    if (ctx.path.startsWith('/assets/')) ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
    else ctx.set('Cache-Control', 'no-cache');
  });
  const files = serve(uiDir, { index: 'index.html', maxage: 0, brotli: true, gzip: true });
  app.use(files);
  // Every other path is a screen of the SPA: index.html, compressed like the assets.
  app.use(async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return;
    // A missing chunk (a tab older than the last build) is a 404, not a page of HTML as script.
    if (ctx.path.startsWith('/assets/')) return;
    if (!existsSync(index)) {
      ctx.status = 503;
      ctx.body = 'The UI is not built yet: run `npm run build` (npm start does it for you).';
      return;
    }
    ctx.path = '/index.html';
    await files(ctx, next);
  });
  return app.callback();
};

const isRead = (method: string | undefined) => method === 'GET' || method === 'HEAD';

/** One origin: GET /api/* → reads, other /api/* → writes, everything else → the SPA. */
export const dispatch = (reads: Handler, writes: Handler, ui: Handler): Handler => (req, res) => {
  const url = req.url ?? '/';
  if (url === '/api' || url.startsWith('/api/') || url.startsWith('/api?')) {
    return isRead(req.method) ? reads(req, res) : writes(req, res);
  }
  return ui(req, res);
};
