import { idOfPath, notFound } from '@erp/contracts';
import type { Context } from 'koa';

/** The `:id` of a record route; anything but a plain positive 32-bit integer is a 404. */
export const idParam = (ctx: Context, label: string): number => {
  const id = idOfPath(ctx.params?.id);
  if (id === null) throw notFound(`${label} ${String(ctx.params?.id)} not found`);
  return id;
};
