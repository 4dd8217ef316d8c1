import { createCommandApp, migrateIdempotency } from '@erp/command-service';
import {
  connect,
  type Database,
  type EmbeddedDatabase,
  inProcessNotifier,
  migrateEventStore,
  natsNotifier,
  type Notifier,
  postgresEventStore,
  postgresIdAllocator,
  startEmbeddedPostgres,
} from '@erp/eventstore';
import { authStore, migrateAuth } from '@erp/http-kit';
import { prepareProjections, PROJECTIONS, startProjectionRunner } from '@erp/projections';
import { createQueryApp } from '@erp/query-service';

import type { Config } from './config';
import { logger, logRequestError } from './log';

export interface Infrastructure {
  readonly database: Database;
  readonly notifier: Notifier;
  readonly store: ReturnType<typeof postgresEventStore>;
  readonly auth: ReturnType<typeof authStore>;
  close(): Promise<void>;
}

/** Connects to Postgres (the server in DATABASE_URL, else the embedded one) and the notifier. */
export interface InfrastructureOptions {
  /** The one-process server: the only place sessions end, so it may remember them (auth-store). */
  readonly oneProcess?: boolean;
}

export const openInfrastructure = async (config: Config, options: InfrastructureOptions = {}): Promise<Infrastructure> => {
  let embedded: EmbeddedDatabase | null = null;
  if (!config.databaseUrl) {
    embedded = await startEmbeddedPostgres(config.dataDir);
    logger.info({ dataDir: config.dataDir }, 'embedded PostgreSQL started');
  }
  const database = connect(config.databaseUrl ?? embedded!.url, { max: 12 });
  await migrateEventStore(database.db);
  await migrateAuth(database.db);
  await migrateIdempotency(database.db);
  const notifier = config.natsUrl ? await natsNotifier(config.natsUrl) : inProcessNotifier();
  const store = postgresEventStore(database, notifier, config.databaseUrl ? 'postgres' : 'postgres (embedded)');
  const auth = authStore(database.db, { sessionCacheMs: options.oneProcess ? 10_000 : 0 });
  if (config.adminUsername && config.adminPassword && !(await auth.hasUsers())) {
    await auth.createFirstUser(config.adminUsername, config.adminPassword);
    logger.info({ username: config.adminUsername }, 'first user created from ERP_ADMIN_USERNAME');
  }
  return {
    database,
    notifier,
    store,
    auth,
    close: async () => {
      await notifier.close();
      await database.close();
      if (embedded) await embedded.stop();
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
    log: logRequestError,
  });

export const queryApp = (infra: Infrastructure) =>
  createQueryApp({ db: infra.database.db, store: infra.store, notifier: infra.notifier, auth: infra.auth, log: logRequestError });

export const startProjections = async (infra: Infrastructure) => {
  await prepareProjections(infra.database.db, infra.store, PROJECTIONS);
  return startProjectionRunner(infra.database.db, infra.store, infra.notifier, PROJECTIONS, {
    log: (message, error) => logger.warn({ err: error }, message),
  });
};
