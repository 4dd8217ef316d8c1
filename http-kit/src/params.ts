import { IdParamSchema, notFound } from '@erp/contracts';
import type { Context } from 'koa';

/** The `:id` of a record route; anything but a plain positive 32-bit integer is a 404. */
export const idParam = (ctx: Context, label: string): number => {
  const parsed = IdParamSchema.safeParse(ctx.params?.id);
  if (!parsed.success) throw notFound(`${label} ${String(ctx.params?.id)} not found`);
  return parsed.data;
};
