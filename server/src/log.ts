import path from 'node:path';

import type { Context } from 'koa';
import { pino } from 'pino';

import { config } from './config';

/** The operator CLI writes data on stdout (`export` without a file): its log lines go to stderr. */
const isCli = /^cli\.[jt]s$/.test(path.basename(process.argv[1] ?? ''));

export const logger = pino({ level: config.logLevel }, pino.destination({ dest: isCli ? 2 : 1, sync: true }));

export const logRequestError = (error: unknown, ctx: Context) =>
  logger.error({ err: error, method: ctx.method, path: ctx.path, requestId: ctx.state?.correlationId }, 'request failed');
