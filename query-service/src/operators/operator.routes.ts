import { api, HEADERS, isStorable, notFound } from '@erp/contracts';
import { type EventStore, type GlobalCursor, type Notifier, START } from '@erp/eventstore';
import { badRequest, healthRoute, integrationFailures } from '@erp/http-kit';
import { projectionLags, PROJECTIONS, type ReadDb, readRebuilds } from '@erp/projections';
import type Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';

import { RECORD_MODULES, streamPattern } from './activity.route';

/**
 * Where a pager stands: the X-Next-After of its last page (an opaque cursor), or a log position
 * (digits, the feed's first form: the page starts after the event at that position).
 */
const AfterQuery = z
  .string()
  .regex(/^(\d{1,18}|\d{1,20}_\d{1,18})$/, 'Expected the X-Next-After of the previous page, or a log position (digits)')
  .refine((v) => v.split('_').length === 1 || BigInt(v.split('_')[0]!) < 2n ** 64n, 'Expected the X-Next-After of the previous page, or a log position (digits)');
/** Compared with text columns: NUL or a lone surrogate would be a PostgreSQL error, so a 400. */
const TextQuery = z.string().min(1).max(500).refine(isStorable, 'Contains characters that cannot be stored');

/** An event type, as the log names them (`VendorCreated`). */
const EventType = z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,99}$/, 'Expected event types such as VendorCreated, comma-separated or repeated');

/** `type=A&type=B` or `type=A,B` (at most 50): events of any of them. */
const TypesQuery = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : [v]).flatMap((t) => t.split(',')).map((t) => t.trim()).filter(Boolean))
  .pipe(z.array(EventType).min(1, 'Expected an event type').max(50, 'At most 50 types'));

const EventsQuerySchema = z.object({
  after: AfterQuery.default('0'),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  type: TypesQuery.optional(),
  stream: TextQuery.optional(),
  module: z.enum(RECORD_MODULES, { error: `Expected one of: ${RECORD_MODULES.join(', ')}` }).optional(),
});

/**
 * The feed's cursor: `<transaction>_<position>` as X-Next-After gave it, or a plain position,
 * which stands for the event there (or the last one before it): the page starts after it.
 */
const cursorOf = async (store: EventStore, after: string): Promise<GlobalCursor> => {
  const [tx, position] = after.split('_');
  if (position !== undefined) return { tx: tx!, position };
  if (after === '0') return START;
  return (await store.cursorAt(after)) ?? START;
};

/** Health calls the read side degraded once a read model is this far behind (ms). */
export const DEFAULT_MAX_LAG_MS = 10_000;

/** The audit log and the health of the pipeline (DESIGN §2 operators). */
export const operatorRoutes = (router: Router, db: ReadDb, store: EventStore, notifier: Notifier, maxLagMs = DEFAULT_MAX_LAG_MS) => {
  router.get(api.events, async (ctx: Context) => {
    const parsed = EventsQuerySchema.safeParse(ctx.query);
    // Named by the parameter (`type`, not `type.3`): that is what the client sent.
    if (!parsed.success) throw badRequest('Invalid query', parsed.error.issues.map((i) => ({ path: String(i.path[0] ?? ''), message: i.message })));
    const { after, limit, type, stream, module } = parsed.data;
    const page = await store.readFeed({ after: await cursorOf(store, after), limit, types: type, streamId: stream, streamPattern: module ? streamPattern(module) : undefined });
    // Always there, also on an empty page: the pager asks again from it later.
    ctx.set(HEADERS.nextAfter, `${page.cursor.tx}_${page.cursor.position}`);
    ctx.body = page.events;
  });

  healthRoute(router, store, notifier, async () => {
    const projections = await projectionLags(db, store, PROJECTIONS);
    const problems = projections.flatMap((p) => {
      if (p.stopped) return [{ what: `projection ${p.name} stopped`, detail: `at position ${p.stopped.position} (${p.stopped.type} on ${p.stopped.streamId}): ${p.stopped.error}` }];
      return p.lagMs > maxLagMs ? [{ what: `projection ${p.name} lags`, detail: `${Math.round(p.lagMs / 1000)} s (${p.lag} events)` }] : [];
    });
    for (const failure of await integrationFailures(db)) problems.push({ what: `integration worker ${failure.worker} failing`, detail: `since ${failure.since}: ${failure.error}` });
    const rebuilds = (await readRebuilds(db)).map((r) => ({ ...r, projections: [...r.projections] }));
    return { problems, body: { projections, rebuilds } };
  });

  router.get('/api/events/:position', async (ctx: Context) => {
    const position = String(ctx.params.position);
    const event = /^[1-9][0-9]{0,17}$/.test(position) ? await store.eventAt(position) : null;
    if (!event) throw notFound(`No event at position ${position}`);
    ctx.body = event;
  });
};
