import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import pg from 'pg';

import { startEmbeddedPostgres } from '../embedded-postgres';
import { dockerAvailable, isCi } from './environment';

export interface TestDatabase {
  /** Connection string of a database nobody else uses. */
  readonly url: string;
  /** Terminates its connections and removes it (and whatever server was started for it). */
  drop(): Promise<void>;
}

export type TestDatabaseKind = 'server' | 'testcontainers' | 'embedded' | 'missing';

const serverUrl = () => process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || undefined;

/** Which PostgreSQL `testDatabase()` is going to use, for suite names and logs. */
export const testDatabaseKind = (): TestDatabaseKind => {
  if (serverUrl()) return 'server';
  if (dockerAvailable()) return 'testcontainers';
  if (isCi()) return 'missing';
  return 'embedded';
};

const withDatabase = (url: string, database: string) => {
  const next = new URL(url);
  next.pathname = `/${database}`;
  return next.toString();
};

const adminQuery = async (url: string, text: string, values: unknown[] = []) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text, values);
  } finally {
    await client.end();
  }
};

/** A throwaway database on an existing server (`create database erp_t_<random>`). */
export const serverTestDatabase = async (adminUrl: string): Promise<TestDatabase> => {
  const name = `erp_t_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name}`);
  return {
    url: withDatabase(adminUrl, name),
    drop: async () => {
      await adminQuery(
        adminUrl,
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [name],
      );
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
};

/** A fresh embedded PostgreSQL in its own temporary directory. */
export const embeddedTestDatabase = async (): Promise<TestDatabase> => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'erp-pg-'));
  // As root, postgres runs as the `postgres` user: it must be able to reach the cluster below.
  await chmod(dir, 0o755);
  try {
    const pgServer = await startEmbeddedPostgres(dir);
    return {
      url: pgServer.url,
      drop: async () => {
        try {
          await pgServer.stop();
        } finally {
          await rm(dir, { recursive: true, force: true });
        }
      },
    };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
};

const containerTestDatabase = async (): Promise<TestDatabase> => {
  const { GenericContainer, Wait } = await import('testcontainers');
  const container = await new GenericContainer('postgres:16-alpine')
    .withEnvironment({ POSTGRES_PASSWORD: 'test' })
    .withExposedPorts(5432)
    .withTmpFs({ '/var/lib/postgresql/data': 'rw' })
    .withWaitStrategy(Wait.forLogMessage(/database system is ready to accept connections/, 2))
    .start();
  const adminUrl = `postgres://postgres:test@${container.getHost()}:${container.getMappedPort(5432)}/postgres`;
  try {
    const database = await serverTestDatabase(adminUrl);
    return {
      url: database.url,
      drop: async () => {
        try {
          await database.drop();
        } finally {
          await container.stop();
        }
      },
    };
  } catch (error) {
    await container.stop();
    throw error;
  }
};

/**
 * A throwaway database: on the server of TEST_DATABASE_URL or DATABASE_URL; else in a
 * PostgreSQL container when Docker exists; else, on CI, a loud failure (never a silent skip);
 * else (a developer machine) in an embedded PostgreSQL.
 */
export const testDatabase = async (): Promise<TestDatabase> => {
  const url = serverUrl();
  if (url) return serverTestDatabase(url);
  if (dockerAvailable()) return containerTestDatabase();
  if (isCi()) {
    throw new Error('DATABASE_URL is not set and no Docker: the suite needs a PostgreSQL server');
  }
  return embeddedTestDatabase();
};
