import { validationError } from '@erp/contracts';
import type { Context } from 'koa';

/** A query with a parameter the route does not take is refused, naming it (never silently ignored). */
export const refuseUnknown = (ctx: Context, known: readonly string[]) => {
  const unknown = Object.keys(ctx.query).filter((name) => !known.includes(name));
  if (unknown.length > 0) {
    throw validationError(`Unknown query parameter${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`, unknown.map((name) => ({ path: name, message: `Not a parameter here${known.length > 0 ? `: use ${known.join(', ')}` : ''}` })));
  }
};
