import { createServer, type RequestListener } from 'node:http';

import { logger } from '../log';

/** Listens, and on SIGINT/SIGTERM stops accepting, runs `cleanup`, and exits. */
export const serve = (role: string, port: number, host: string, handler: RequestListener | null, cleanup: () => Promise<void>) => {
  const server = handler ? createServer(handler) : null;
  server?.listen(port, host, () => logger.info(`${role} listening on ${host}:${port}`));
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
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
