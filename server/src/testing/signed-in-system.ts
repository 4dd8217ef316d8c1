import { HEADERS } from '@erp/contracts';
import { connect, type Database } from '@erp/eventstore';
import { type TestDatabase, testDatabase } from '@erp/eventstore/testing';
import { afterAll, beforeAll, expect } from 'vitest';

import { HttpClient } from './http-client';
import { type RunningSystem, startOneProcess } from './run-modes';

export interface SignedInSystem {
  readonly system: RunningSystem;
  /** A connection of the test's own to the system's database (two clients). */
  readonly database: Database;
  /** The first account, signed up through the API. */
  readonly owner: HttpClient;
}

/**
 * For a describe block: before its tests, starts a system (`start`), connects to its database
 * and signs the owner up; after them, stops all of it, then runs `after` (e.g. a cluster's
 * teardown). The fields are there once the block's tests run.
 */
export const signedInSystem = (start: () => Promise<RunningSystem>, after?: () => Promise<void>): SignedInSystem => {
  const under = {} as { system: RunningSystem; database: Database; owner: HttpClient };
  beforeAll(async () => {
    under.system = await start();
    under.database = connect(under.system.databaseUrl!, { max: 2 });
    under.owner = new HttpClient(under.system.baseUrl);
    await under.owner.setup('owner', 'correct horse battery staple');
  }, 180_000);
  afterAll(async () => {
    await under.database?.close();
    await under.system?.stop();
    await after?.();
  }, 60_000);
  return under;
};

/** `signedInSystem` of one process (embedded mode's shape) on a scratch database of its own, dropped after. */
export const signedInOneProcess = (env: Record<string, string> = {}): SignedInSystem => {
  let scratch: TestDatabase | undefined;
  return signedInSystem(
    async () => {
      scratch = await testDatabase();
      return startOneProcess(scratch.url, env);
    },
    async () => scratch?.drop(),
  );
};

type Row = { id: number } & Record<string, unknown>;

/**
 * Writes that must answer as expected, and reads that wait for the last of them
 * (X-Min-Position): read-your-writes for a test written as a story.
 */
export const readYourWrites = (client: () => HttpClient) => {
  let position = '0';
  const write = async <T = Row>(method: 'post' | 'put', path: string, body: unknown, status = method === 'post' ? 201 : 200) => {
    const res = await client()[method]<T>(path, body);
    expect(res.status, `${path}: ${res.text}`).toBe(status);
    position = res.headers.get(HEADERS.eventPosition) ?? position;
    return res.body;
  };
  const read = async <T = Row>(path: string) => {
    const res = await client().get<T>(path, { headers: { [HEADERS.minPosition]: position } });
    expect(res.status, `${path}: ${res.text}`).toBe(200);
    return res.body;
  };
  return { write, read, position: () => position };
};
