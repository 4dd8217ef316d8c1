import type { Context } from 'koa';
import { pino } from 'pino';

import { config } from './config';

export const logger = pino({ level: config.logLevel });

export const logRequestError = (error: unknown, ctx: Context) =>
  logger.error({ err: error, method: ctx.method, path: ctx.path, requestId: ctx.state?.correlationId }, 'request failed');
