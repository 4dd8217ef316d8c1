import { execFile } from 'node:child_process';
import { access, chown, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

import { freePort } from '@erp/eventstore/testing';

const run = promisify(execFile);

/** Debian's PostgreSQL 15 (`apt-get install postgresql-15`); `PG_BIN` points elsewhere. */
const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

export interface PgCluster {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` */
  readonly url: string;
  /** `pg_ctl restart -m fast`: every session is cut, the server is back once it returns. */
  restart(): Promise<void>;
  /** `pg_ctl stop -m fast`: connections are refused until `start`. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it for good and removes its files. */
  destroy(): Promise<void>;
}

/**
 * A PostgreSQL cluster of the test's own, on a free port, so a test can restart and stop the
 * server under load without touching the shared one. initdb refuses to run as root: as root,
 * the binaries run as the `postgres` user.
 */
export const pgCluster = async (): Promise<PgCluster> => {
  try {
    await access(path.join(PG_BIN, 'pg_ctl'));
  } catch {
    throw new Error(`No PostgreSQL binaries in ${PG_BIN} (apt-get install postgresql-15, or set PG_BIN): the restart test needs initdb and pg_ctl`);
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'erp-cluster-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    await chown(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const pg = (tool: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', path.join(PG_BIN, tool), ...args]) : run(path.join(PG_BIN, tool), args);
  const data = path.join(dir, 'data');
  const port = await freePort();
  await pg('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir}`;
  const ctl = (args: string[]) => pg('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-w', '-t', '60', ...args]);
  const start = async () => void (await ctl(['-o', options, 'start']));
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    restart: async () => void (await ctl(['-o', options, '-m', 'fast', 'restart'])),
    stop: async () => void (await ctl(['-m', 'fast', 'stop'])),
    start,
    destroy: async () => {
      await ctl(['-m', 'immediate', 'stop']).catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
};
