import { HEADERS } from '@erp/contracts';
import type { AppState } from '@erp/http-kit';
import type { EventMetadataInput } from '@erp/eventstore';
import type { Context } from 'koa';

import type { CommandMetadata } from './decider';
import type { HandleOptions, HandleResult } from './handle-command';

/**
 * `"3"`, `W/"3"` or a list like `"3", "4"` → the versions the client accepts; absent or `*` →
 * undefined (a write without a precondition). An unreadable header matches nothing.
 */
export const ifMatchVersions = (ctx: Context): number[] | undefined => {
  const header = ctx.get('if-match').trim();
  if (!header || header === '*') return undefined;
  return header.split(',').map((tag) => {
    const match = /^(?:W\/)?"?(\d{1,9})"?$/.exec(tag.trim());
    return match ? Number(match[1]) : -1;
  });
};

export const commandMetadata = (ctx: Context): CommandMetadata => {
  const state = ctx.state as AppState;
  return { now: state.now, userId: state.user?.id ?? null, correlationId: state.correlationId };
};

export const handleOptions = (ctx: Context, expectedVersions?: number[]): HandleOptions => {
  const state = ctx.state as AppState;
  const metadata: EventMetadataInput = {
    userId: state.user?.id ?? null,
    username: state.user?.username ?? null,
    correlationId: state.correlationId,
    at: state.now.toISOString(),
  };
  const seed = state.idempotencyKey ? `${state.user?.id ?? 0}:${state.idempotencyKey}` : undefined;
  return { expectedVersions, idempotencySeed: seed, metadata };
};

/** Every write answers with the read-your-writes position and the new ETag (DESIGN §2). */
export const respond = (ctx: Context, status: number, result: HandleResult<unknown>, body?: unknown) => {
  ctx.status = status;
  ctx.set(HEADERS.eventPosition, result.position);
  if (result.version > 0) ctx.set('ETag', `"${result.version}"`);
  if (body !== undefined) ctx.body = body;
};
