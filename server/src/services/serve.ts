import type { RequestListener } from 'node:http';

import { config } from '../config';
import { connectionLimits, httpServer } from '../http-server';
import { logger } from '../log';

/**
 * Listens, says so (role, address and `fields`: store, notifier), and on SIGINT/SIGTERM stops
 * accepting, runs `cleanup`, and exits. A worker without a port listens nowhere. Every server
 * has the timeouts of ERP_*_TIMEOUT_MS; only one that `facesClients` caps connections per address.
 */
export const serve = (
  role: string,
  port: number | undefined,
  host: string,
  handler: RequestListener,
  cleanup: () => Promise<void>,
  fields: Record<string, unknown> = {},
  facesClients = false,
) => {
  const server = port === undefined ? null : httpServer(handler, connectionLimits(config, facesClients));
  if (server) server.listen(port, host, () => logger.info({ role, host, port, ...fields }, `${role} listening on ${host}:${port}`));
  else logger.info({ role, ...fields }, `${role} started`);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    logger.info({ role }, `${role} stopping`);
    server?.close();
    server?.closeAllConnections();
    await cleanup();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
};

export const fatal = (role: string) => (error: unknown) => {
  logger.fatal({ err: error }, `${role} failed to start`);
  process.exit(1);
};
