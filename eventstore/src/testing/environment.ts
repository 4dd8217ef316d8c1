import { existsSync } from 'node:fs';
import { createServer } from 'node:net';

/** Docker is usable when the client is pointed at an engine, not merely when the binary exists. */
export const dockerAvailable = (): boolean =>
  Boolean(process.env.DOCKER_HOST) || existsSync('/var/run/docker.sock');

export const isCi = (): boolean => {
  const ci = process.env.CI?.toLowerCase();
  return ci !== undefined && ci !== '' && ci !== 'false' && ci !== '0';
};

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        resolve(typeof address === 'object' && address ? address.port : 0),
      );
    });
  });
