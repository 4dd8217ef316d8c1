import { createCommandApp, migrateIdempotency } from '@erp/command-service';
import {
  connect,
  type Database,
  type EmbeddedDatabase,
  type EventStore,
  inProcessNotifier,
  migrateEventStore,
  natsNotifier,
  type Notifier,
  postgresEventStore,
  postgresIdAllocator,
  startEmbeddedPostgres,
  storeIdentity,
} from '@erp/eventstore';
import { authStore, limitHashing, migrateAuth, migrateWebhooks } from '@erp/http-kit';
import { prepareProjections, PROJECTIONS, startProjectionRunner } from '@erp/projections';
import { createQueryApp, gstReturnsNow, openApiDocument } from '@erp/query-service';

import type { Config } from './config';
import { startIntegrationPublisher } from './integration/publisher';
import { startWebhookWorkers } from './integration/webhooks';
import { logger, logRequestError } from './log';
import { createMetrics, type Metrics } from './metrics';

export interface Infrastructure {
  readonly database: Database;
  readonly notifier: Notifier;
  readonly store: ReturnType<typeof postgresEventStore>;
  readonly auth: ReturnType<typeof authStore>;
  /** This process's Prometheus metrics (served on /metrics). */
  readonly metrics: Metrics;
  close(): Promise<void>;
}

/** Connects to Postgres (the server in DATABASE_URL, else the embedded one) and the notifier. */
export interface InfrastructureOptions {
  /** The one-process server: the only place sessions end, so it may remember them (auth-store). */
  readonly oneProcess?: boolean;
}

export const openInfrastructure = async (config: Config, options: InfrastructureOptions = {}): Promise<Infrastructure> => {
  limitHashing({ concurrency: config.hashConcurrency, queue: config.hashQueue });
  let embedded: EmbeddedDatabase | null = null;
  if (!config.databaseUrl) {
    embedded = await startEmbeddedPostgres(config.dataDir);
    logger.info({ dataDir: config.dataDir }, 'embedded PostgreSQL started');
  }
  const database = connect(config.databaseUrl ?? embedded!.url, { max: 12 });
  await migrateEventStore(database.db);
  // Their own tables each: side by side, on connections of their own.
  await Promise.all([migrateAuth(database.db), migrateIdempotency(database.db), migrateWebhooks(database.db)]);
  const notifier = config.natsUrl ? await natsNotifier(config.natsUrl, logger.child({ component: 'notifier' }), await storeIdentity(database.db)) : inProcessNotifier();
  const metrics = createMetrics();
  const store = crashAfterAppends(metrics.countAppends(postgresEventStore(database, notifier, config.databaseUrl ? 'postgres' : 'postgres (embedded)')), config.testCrashAfterAppend);
  const auth = authStore(database.db, { sessionCacheMs: options.oneProcess ? 10_000 : 0, apiKeyRate: { limit: config.apiKeyRateLimit, windowSeconds: 60 } });
  if (config.adminUsername && config.adminPassword && !(await auth.hasUsers())) {
    await auth.createFirstUser(config.adminUsername, config.adminPassword);
    logger.info({ username: config.adminUsername }, 'first user created from ERP_ADMIN_USERNAME');
  }
  return {
    database,
    notifier,
    store,
    auth,
    metrics,
    close: async () => {
      await notifier.close();
      await database.close();
      if (embedded) await embedded.stop();
    },
  };
};

/**
 * Fault injection for the test suite only (ERP_TEST_CRASH_AFTER_APPEND=1): a write whose
 * X-Request-Id starts with `crash-after-append` kills this process with SIGKILL the moment its
 * append has committed, before any answer is sent — as a dead instance or a power cut would.
 */
const crashAfterAppends = (store: EventStore, enabled: boolean): EventStore => {
  if (!enabled) return store;
  return {
    ...store,
    append: async (streams, metadata) => {
      const result = await store.append(streams, metadata);
      if (metadata.correlationId.startsWith('crash-after-append')) process.kill(process.pid, 'SIGKILL');
      return result;
    },
  };
};

export const commandApp = (infra: Infrastructure, config: Config) =>
  createCommandApp({
    db: infra.database.db,
    store: infra.store,
    ids: postgresIdAllocator(infra.database.db),
    auth: infra.auth,
    allowedOrigins: config.allowedOrigins,
    trustProxy: config.trustProxy,
    webhookTargets: { allowPrivate: config.webhookAllowPrivate },
    notifier: infra.notifier,
    // A filing keeps the month's returns as the read side computes them (issue 44 item 4).
    gstReturns: gstReturnsNow({ db: infra.database.db, store: infra.store, notifier: infra.notifier }),
    log: logRequestError,
    observe: infra.metrics.observe,
    accepts: openApiDocument,
  });

export const queryApp = (infra: Infrastructure, config: Config) =>
  createQueryApp({
    db: infra.database.db,
    store: infra.store,
    notifier: infra.notifier,
    auth: infra.auth,
    log: logRequestError,
    observe: infra.metrics.observe,
    healthMaxLagMs: config.healthMaxLagMs,
  });

const projectionLog = logger.child({ component: 'projections' });

/** Tables and checkpoints ready (a changed projection rebuilt), with its progress logged. */
export const prepareReadModels = (infra: Infrastructure) => prepareProjections(infra.database.db, infra.store, PROJECTIONS, projectionLog);

export const startProjections = async (infra: Infrastructure) => {
  await prepareReadModels(infra);
  return startProjectionRunner(infra.database.db, infra.store, infra.notifier, PROJECTIONS, { log: projectionLog });
};

/** Lag and notifier gauges: every process that reads or projects has them. */
export const watchPipeline = (infra: Infrastructure) =>
  infra.metrics.watchPipeline(infra.notifier, infra.database.db, infra.store, PROJECTIONS);

/**
 * While no account exists, the setup screen asks for a one-time code: made at first start (or
 * ERP_SETUP_CODE) and shown here, in the log of the process that serves setup, so only someone
 * who can see the server can claim the business.
 */
export const announceSetupCode = async (infra: Infrastructure, config: Config) => {
  const code = await infra.auth.setupCode(config.setupCode);
  if (code === null) return;
  if (code === 'kept') {
    logger.warn('No account yet. The setup code was printed when this server first started; `npm run erp -- setup-code` makes a new one.');
    return;
  }
  logger.warn({ setupCode: code.code }, `No account yet. Open the app and create the first account with the setup code ${code.code}`);
};

/**
 * Once the server listens: the OpenAPI document (strict input, /api/openapi.json, /api/docs) is
 * built while nothing waits for it, instead of before the port opens (a restart answers sooner).
 */
export const warmUp = () => void setImmediate(() => openApiDocument());

/** Where each service says it started: role, address, store and notifier. */
export const startedFields = (infra: Infrastructure) => ({ store: infra.store.kind, notifier: infra.notifier.kind });

const integrationLog = logger.child({ component: 'integration' });

/**
 * The integration workers (issue 23): the JetStream publisher when NATS_URL is set (embedded
 * mode without NATS publishes nothing there), and the webhook fan-out and delivery always.
 * The one-process server and every projection worker run them; each checkpoint has one leader.
 */
export const startIntegration = async (infra: Infrastructure, config: Config) => {
  const common = { db: infra.database.db, store: infra.store, notifier: infra.notifier, log: integrationLog };
  const publisher = config.natsUrl
    ? await startIntegrationPublisher({ ...common, natsUrl: config.natsUrl, prefix: config.natsPrefix, stream: config.integrationStream, failed: () => infra.metrics.publishFailed() })
    : null;
  if (!publisher) integrationLog.info('NATS_URL is not set: no integration events on NATS (webhooks still deliver)');
  const webhooks = await startWebhookWorkers({
    ...common,
    backoffMs: config.webhookBackoffMs,
    timeoutMs: config.webhookTimeoutMs,
    targets: { allowPrivate: config.webhookAllowPrivate },
  });
  return {
    stop: async () => {
      await publisher?.stop();
      await webhooks.stop();
    },
  };
};
