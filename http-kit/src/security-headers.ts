import { createHash } from 'node:crypto';

import type { Context, Middleware, Next } from 'koa';

/**
 * Sent with every answer, API or page, error or not: no MIME sniffing, no framing by other
 * sites, no URL leaking to other origins. `same-origin` rather than `no-referrer`: the latter
 * makes a browser send `Origin: null` on same-origin POSTs, which sameOrigin() refuses.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'same-origin',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

/** A JSON answer runs nothing and loads nothing. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** `'sha256-…'` of every inline `<script>` or `<style>` in a page, as CSP's script-src/style-src take them. */
export const inlineHashes = (html: string, tag: 'script' | 'style'): string[] =>
  [...html.matchAll(new RegExp(`<${tag}(?![^>]*\\ssrc=)[^>]*>([\\s\\S]*?)</${tag}>`, 'gi'))]
    .filter(([, body]) => body !== '')
    .map(([, body]) => `'sha256-${createHash('sha256').update(body!).digest('base64')}'`);

/** Sets the headers before anything runs, so error answers carry them too. */
export const securityHeaders = (csp: string = API_CSP): Middleware => async (ctx: Context, next: Next) => {
  ctx.set(SECURITY_HEADERS);
  ctx.set('Content-Security-Policy', csp);
  await next();
};
