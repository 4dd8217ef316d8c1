import { connect, type Database } from '@erp/eventstore';
import { afterAll, beforeAll } from 'vitest';

import { HttpClient } from './http-client';
import type { RunningSystem } from './run-modes';

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
