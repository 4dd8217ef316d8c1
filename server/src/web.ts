import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';

import Koa from 'koa';
import serve from 'koa-static';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

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
  app.use(async (ctx, next) => {
    await next();
    // The answer depends on Accept-Encoding wherever a compressed copy may be chosen.
    ctx.vary('Accept-Encoding');
    if (ctx.path.startsWith('/assets/')) ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
    else ctx.set('Cache-Control', 'no-cache');
  });
  app.use(serve(uiDir, { index: 'index.html', maxage: 0, brotli: true, gzip: true }));
  app.use(async (ctx) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return;
    if (!existsSync(index)) {
      ctx.status = 503;
      ctx.body = 'The UI is not built yet: run `npm run build` (npm start does it for you).';
      return;
    }
    ctx.type = 'html';
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = (await import('node:fs')).createReadStream(index);
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
