import { existsSync } from 'node:fs';

/** Docker is usable when the client is pointed at an engine, not merely when the binary exists. */
export const dockerAvailable = (): boolean =>
  Boolean(process.env.DOCKER_HOST) || existsSync('/var/run/docker.sock');

export const isCi = (): boolean => {
  const ci = process.env.CI?.toLowerCase();
  return ci !== undefined && ci !== '' && ci !== 'false' && ci !== '0';
};

export { freePort } from '../free-port';
