import { existsSync } from 'node:fs';
import path from 'node:path';

import { isCi } from '@erp/eventstore/testing';

/** deploy/haproxy.cfg, the file docker-compose.yml mounts: the tests run it as it is. */
export const HAPROXY_CONFIG = 'deploy/haproxy.cfg';

/** Debian's haproxy (`apt-get install haproxy`); without it the services-mode proxy tests fail. */
export const haproxyBinary = (): string => {
  const dirs = ['/usr/sbin', '/usr/local/sbin', ...(process.env.PATH ?? '').split(path.delimiter)];
  const found = dirs.map((d) => path.join(d, 'haproxy')).find((file) => existsSync(file));
  if (found) return found;
  throw new Error(
    isCi()
      ? 'haproxy is not installed: .ci/run installs it (apt-get install haproxy); CI needs it'
      : 'haproxy is not installed: apt-get install haproxy',
  );
};

/** One row of HAProxy's stats CSV: a backend or one of its servers. */
export interface ProxyStat {
  readonly backend: string;
  readonly server: string;
  /** UP, DOWN, "UP 1/2" while a check is changing it, no check… */
  readonly status: string;
  /** Requests sent again (wretr) and sent to another server (wredis). */
  readonly retries: number;
  readonly redispatches: number;
}

/** `GET <stats>/stats;csv`: every backend and server with its state and retry counters. */
export const readProxyStats = async (statsUrl: string): Promise<ProxyStat[]> => {
  const res = await fetch(`${statsUrl};csv`);
  if (res.status !== 200) throw new Error(`HAProxy stats answered ${res.status}`);
  const [header = '', ...lines] = (await res.text()).trim().split('\n');
  const columns = header.replace(/^# /, '').split(',');
  const at = (cells: string[], name: string) => cells[columns.indexOf(name)] ?? '';
  return lines.map((line) => {
    const cells = line.split(',');
    return {
      backend: at(cells, 'pxname'),
      server: at(cells, 'svname'),
      status: at(cells, 'status'),
      retries: Number(at(cells, 'wretr') || 0),
      redispatches: Number(at(cells, 'wredis') || 0),
    };
  });
};
