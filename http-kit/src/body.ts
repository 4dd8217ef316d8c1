import { bodyParser } from '@koa/bodyparser';
import type { Middleware } from 'koa';

/** JSON bodies only; larger than the limit is a 413, malformed JSON a 400. */
export const jsonBody = (limit = '256kb'): Middleware =>
  bodyParser({ enableTypes: ['json'], jsonLimit: limit, encoding: 'utf-8' });
