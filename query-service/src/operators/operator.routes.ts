import { api, isStorable, notFound } from '@erp/contracts';
import { type AnyDb, type EventStore, type Notifier } from '@erp/eventstore';
import { badRequest, healthRoute } from '@erp/http-kit';
import { PROJECTIONS, projectionLags } from '@erp/projections';
import type Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';

/** A log position as the store writes it (bigint): digits only, never `1e30` or beyond int8. */
const PositionQuery = z.string().regex(/^\d{1,18}$/, 'Expected a log position (digits)');
/** Compared with text columns: NUL or a lone surrogate would be a PostgreSQL error, so a 400. */
const TextQuery = z.string().min(1).max(500).refine(isStorable, 'Contains characters that cannot be stored');

const EventsQuerySchema = z.object({
  after: PositionQuery.default('0'),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  type: TextQuery.optional(),
  stream: TextQuery.optional(),
});

/** Health calls the read side degraded once a read model is this far behind (ms). */
export const DEFAULT_MAX_LAG_MS = 10_000;

/** The audit log and the health of the pipeline (DESIGN §2 operators). */
export const operatorRoutes = (router: Router, db: AnyDb, store: EventStore, notifier: Notifier, maxLagMs = DEFAULT_MAX_LAG_MS) => {
  router.get(api.events, async (ctx: Context) => {
    const parsed = EventsQuerySchema.safeParse(ctx.query);
    if (!parsed.success) throw badRequest('Invalid query', parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })));
    const { after, limit, type, stream } = parsed.data;
    ctx.body = await store.listEvents({ afterPosition: after, limit, type, streamId: stream });
  });

  healthRoute(router, store, notifier, async () => {
    const projections = await projectionLags(db, store, PROJECTIONS);
    const problems = projections.flatMap((p) => {
      if (p.stopped) return [`projection ${p.name} stopped at position ${p.stopped.position} (${p.stopped.type} on ${p.stopped.streamId}): ${p.stopped.error}`];
      return p.lagMs > maxLagMs ? [`projection ${p.name} lags ${Math.round(p.lagMs / 1000)} s (${p.lag} events)`] : [];
    });
    return { problems, body: { projections } };
  });

  router.get('/api/events/:position', async (ctx: Context) => {
    const position = String(ctx.params.position);
    const [event] = /^[1-9][0-9]{0,17}$/.test(position)
      ? await store.listEvents({ afterPosition: String(BigInt(position) - 1n), limit: 1 })
      : [];
    if (!event || event.position !== position) throw notFound(`No event at position ${position}`);
    ctx.body = event;
  });
};
