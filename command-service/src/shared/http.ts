import { HEADERS, IdParamSchema, notFound } from '@erp/contracts';
import type { AppState } from '@erp/http-kit';
import type { EventMetadataInput } from '@erp/eventstore';
import type { Context } from 'koa';

import type { CommandMetadata } from './decider';
import type { HandleOptions, HandleResult } from './handle-command';

/** `"3"` or `W/"3"` → 3; absent or `*` → undefined (write without a precondition). */
export const ifMatchVersion = (ctx: Context): number | undefined => {
  const header = ctx.get('if-match').trim();
  if (!header || header === '*') return undefined;
  const match = /^(?:W\/)?"?(\d+)"?$/.exec(header);
  return match ? Number(match[1]) : -1;
};

export const idParam = (ctx: Context, label: string): number => {
  const parsed = IdParamSchema.safeParse(ctx.params?.id);
  if (!parsed.success) throw notFound(`${label} ${String(ctx.params?.id)} not found`);
  return parsed.data;
};

export const commandMetadata = (ctx: Context): CommandMetadata => {
  const state = ctx.state as AppState;
  return { now: state.now, userId: state.user?.id ?? null, correlationId: state.correlationId };
};

export const handleOptions = (ctx: Context, expectedVersion?: number): HandleOptions => {
  const state = ctx.state as AppState;
  const metadata: EventMetadataInput = {
    userId: state.user?.id ?? null,
    username: state.user?.username ?? null,
    correlationId: state.correlationId,
    at: state.now.toISOString(),
  };
  const seed = state.idempotencyKey ? `${state.user?.id ?? 0}:${state.idempotencyKey}` : undefined;
  return { expectedVersion, idempotencySeed: seed, metadata };
};

/** Every write answers with the read-your-writes position and the new ETag (DESIGN §2). */
export const respond = (ctx: Context, status: number, result: HandleResult<unknown>, body?: unknown) => {
  ctx.status = status;
  ctx.set(HEADERS.eventPosition, result.position);
  if (result.version > 0) ctx.set('ETag', `"${result.version}"`);
  if (body !== undefined) ctx.body = body;
};
