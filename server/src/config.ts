import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Every setting comes from the environment; the defaults are the one-laptop embedded mode. */
export const config = {
  port: Number(process.env.PORT ?? 3000),
  host: process.env.HOST ?? '0.0.0.0',
  databaseUrl: process.env.DATABASE_URL || undefined,
  natsUrl: process.env.NATS_URL || undefined,
  dataDir: path.resolve(process.env.ERP_DATA_DIR ?? path.join(root, 'data')),
  uiDir: path.resolve(process.env.ERP_UI_DIR ?? path.join(root, 'ui/dist')),
  adminUsername: process.env.ERP_ADMIN_USERNAME || undefined,
  adminPassword: process.env.ERP_ADMIN_PASSWORD || undefined,
  /** Set when a reverse proxy that appends X-Forwarded-For sits in front of the embedded server. */
  trustProxy: process.env.ERP_TRUST_PROXY === 'true',
  allowedOrigins: (process.env.ERP_ALLOWED_ORIGINS ?? '').split(',').map((s) => s.trim()).filter(Boolean),
  commandUrl: process.env.COMMAND_URL ?? 'http://127.0.0.1:3001',
  queryUrl: process.env.QUERY_URL ?? 'http://127.0.0.1:3002',
  logLevel: process.env.LOG_LEVEL ?? 'info',
};
export type Config = typeof config;
