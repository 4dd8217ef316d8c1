import { HEADERS } from '@erp/contracts';
import type { EventStore } from '@erp/eventstore';
import { actorId, idParam, parseBody } from '@erp/http-kit';
import type { Router, RouterContext } from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';

import type { CommandMetadata } from './decider';
import { type CommandRun, handleCommand, type HandleOptions } from './handle-command';

/** The body of a route that takes none (DELETE): whatever is sent is ignored. */
export const NO_BODY = z.unknown().transform(() => undefined);

export interface CommandRequest<Body> {
  /** The `:id` of the path, when it has one. */
  readonly id: number;
  /** Every parameter of the path as sent (`:account`). */
  readonly params: Readonly<Record<string, string>>;
  readonly body: Body;
  readonly metadata: CommandMetadata;
}

export interface CommandRouteSpec<Schema extends z.ZodType, Result> {
  readonly method: 'post' | 'put' | 'delete';
  readonly path: string;
  /** 'Vendor': for '… not found' when the `:id` is not a record id. */
  readonly label: string;
  /** The body schema (NO_BODY for a route that takes none). */
  readonly body: Schema;
  readonly status: 200 | 201 | 204;
  /** Prepares the command once (an id is allocated here, not again on a retry). */
  readonly command: (request: CommandRequest<z.output<Schema>>) => CommandRun<Result> | Promise<CommandRun<Result>>;
  /** Location of a created record. */
  readonly location?: (result: Result) => string | undefined;
  /** The answer to a repeated Idempotency-Key: read back from the main stream that was written. */
  readonly replay?: (mainStreamId: string) => Promise<Result>;
}

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

const optionsOf = <Result>(ctx: Context, spec: CommandRouteSpec<z.ZodType, Result>): HandleOptions<Result> => {
  const state = ctx.state;
  const seed = state.idempotencyKey ? `${state.user?.id ?? 0}:${state.idempotencyKey}` : undefined;
  return {
    expectedVersions: spec.method === 'post' ? undefined : ifMatchVersions(ctx),
    idempotencySeed: seed,
    replay: spec.replay,
    metadata: {
      userId: actorId(state),
      username: state.user?.username ?? null,
      correlationId: state.correlationId,
      at: state.now.toISOString(),
      ...(state.idempotencyHash ? { requestHash: state.idempotencyHash } : {}),
    },
  };
};

/**
 * One write route (STYLE b.5): parse the body with the contracts schema (400 naming each field),
 * read the `:id`, prepare and run the command, answer with X-Event-Position and the new ETag.
 * Documents and master data alike are declared with it.
 */
export const commandRoute = <Schema extends z.ZodType, Result>(
  router: Router,
  store: EventStore,
  spec: CommandRouteSpec<Schema, Result>,
) => {
  router[spec.method](spec.path, async (ctx: RouterContext) => {
    const state = ctx.state;
    const request: CommandRequest<z.output<Schema>> = {
      id: spec.path.includes(':id') ? idParam(ctx, spec.label) : 0,
      params: ctx.params,
      body: parseBody(spec.body, ctx.request.body),
      metadata: { now: state.now, userId: actorId(state), correlationId: state.correlationId },
    };
    const run = await spec.command(request);
    const handled = await handleCommand(store, run, optionsOf(ctx, spec));
    ctx.status = spec.status;
    ctx.set(HEADERS.eventPosition, handled.position);
    if (handled.version > 0) ctx.set('ETag', `"${handled.version}"`);
    const location = spec.location?.(handled.result);
    if (location) ctx.set('Location', location);
    if (spec.status !== 204) ctx.body = handled.result;
  });
};
