import { createServer, type RequestListener } from 'node:http';

import type { AnyDb, EventStore, Notifier } from '@erp/eventstore';
import { integrationFailures } from '@erp/http-kit';
import { type Projection, type ProjectionLag, projectionLags } from '@erp/projections';
import type Router from '@koa/router';
import type { Context, Middleware, Next } from 'koa';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

import { logger } from './log';

export const METRICS_PATH = '/metrics';

const routeOf = (router: Router, ctx: Context) => {
  const layer = router.match(ctx.path, ctx.method).pathAndMethod.find((l) => l.methods.length > 0);
  return typeof layer?.path === 'string' ? layer.path : undefined;
};

/**
 * One process's Prometheus metrics. Only counts, durations and names of routes and read models:
 * never an id, a party or an amount, so /metrics needs no session (keep it off the public
 * internet all the same: the proxy in front should not forward it).
 */
export const createMetrics = () => {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const requestSeconds = new Histogram({
    name: 'erp_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const conflicts = new Counter({
    name: 'erp_http_conflicts_total',
    help: 'Writes refused: 409 (conflict, duplicate, balance) and 412 (If-Match did not hold)',
    labelNames: ['status'] as const,
    registers,
  });
  const replays = new Counter({ name: 'erp_idempotent_replays_total', help: 'POSTs answered from an earlier Idempotency-Key', registers });
  const appends = new Counter({ name: 'erp_appends_total', help: 'Appends committed to the event store', registers });
  const appendedEvents = new Counter({ name: 'erp_appended_events_total', help: 'Events committed to the event store', registers });
  const publishFailures = new Counter({
    name: 'erp_integration_publish_failures_total',
    help: 'Rounds of the NATS integration-event publisher in this process that failed (NATS away, a stream of another deployment)',
    registers,
  });

  /**
   * Koa middleware, outermost: one observation per request, labelled by the route pattern (also
   * for answers given before the router ran: 401, 415, an idempotent replay), never the path.
   */
  const observe = (router: Router): Middleware => async (ctx: Context, next: Next) => {
    const end = requestSeconds.startTimer();
    try {
      await next();
    } finally {
      const matched = typeof ctx._matchedRoute === 'string' ? ctx._matchedRoute : routeOf(router, ctx);
      const route = matched ?? 'unmatched';
      end({ method: ctx.method, route, status: String(ctx.status) });
      if (ctx.status === 409 || ctx.status === 412) conflicts.inc({ status: String(ctx.status) });
      if (ctx.response.get('Idempotent-Replayed') === 'true') replays.inc();
    }
  };

  /** The same store, counting what its appends commit. */
  const countAppends = (store: EventStore): EventStore => ({
    ...store,
    append: async (streams, metadata) => {
      const result = await store.append(streams, metadata);
      appends.inc();
      appendedEvents.inc(streams.reduce((n, s) => n + s.events.length, 0));
      return result;
    },
  });

  /** The notifier's state, and how far each read model is behind the log, read at each scrape. */
  const watchPipeline = (notifier: Notifier, db?: AnyDb, store?: EventStore, projections: readonly Projection[] = []) => {
    new Gauge({
      name: 'erp_notifier_up',
      help: '1 while wake-ups flow (NATS connected, or in-process); 0 while readers only poll',
      registers,
      collect() {
        this.set(notifier.isHealthy() ? 1 : 0);
      },
    });
    if (!db || !store || projections.length === 0) return;
    new Gauge({
      name: 'erp_integration_publisher_failing',
      help: '1 while the NATS integration-event publisher fails (health names why), else 0',
      registers,
      async collect() {
        try {
          this.set((await integrationFailures(db)).length > 0 ? 1 : 0);
        } catch (error) {
          logger.warn({ err: error }, 'metrics: could not read the publisher state');
        }
      },
    });
    // Both lag gauges come from one read per scrape.
    let pending: Promise<ProjectionLag[]> | null = null;
    const lags = () =>
      (pending ??= projectionLags(db, store, projections).finally(() => {
        pending = null;
      }));
    const lagGauge = (name: string, help: string, value: (lag: ProjectionLag) => number) =>
      new Gauge({
        name,
        help,
        labelNames: ['projection'] as const,
        registers,
        async collect() {
          try {
            for (const lag of await lags()) this.set({ projection: lag.name }, value(lag));
          } catch (error) {
            logger.warn({ err: error }, 'metrics: could not read projection lag');
          }
        },
      });
    lagGauge('erp_projection_lag_events', 'Committed events a read model has not applied yet', (lag) => lag.lag);
    lagGauge('erp_projection_lag_seconds', 'Age of the oldest event a read model has not applied yet (0 when caught up)', (lag) => lag.lagMs / 1000);
    lagGauge('erp_projection_stopped', '1 while a read model is stopped on an event it cannot apply (health and the log name it), else 0', (lag) => (lag.stopped ? 1 : 0));
  };

  /** GET /metrics; 404 to anything else. */
  const serveMetrics = (): RequestListener => (req, res) => {
    if (req.url === METRICS_PATH && (req.method === 'GET' || req.method === 'HEAD')) {
      registry.metrics().then(
        (text) => {
          res.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' });
          res.end(req.method === 'HEAD' ? undefined : text);
        },
        (error: unknown) => {
          logger.error({ err: error }, 'metrics: scrape failed');
          res.writeHead(500).end();
        },
      );
      return;
    }
    res.writeHead(404, { 'content-type': 'text/plain' }).end(`Only ${METRICS_PATH} here\n`);
  };

  /**
   * Its own listener, on METRICS_PORT of METRICS_HOST (127.0.0.1 unless told): /metrics is never
   * answered on the app's port, which the shop's network reaches.
   */
  const listen = (port: number | undefined, host: string) => {
    if (port === undefined) return null;
    const server = createServer(serveMetrics());
    server.listen(port, host, () => logger.info({ host, port }, `metrics on http://${host}:${port}${METRICS_PATH}`));
    return server;
  };

  return { registry, observe, countAppends, watchPipeline, serveMetrics, listen, publishFailed: () => publishFailures.inc() };
};
export type Metrics = ReturnType<typeof createMetrics>;
