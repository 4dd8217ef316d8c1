// Read-your-writes over real sockets: POST a vendor, then GET the list, with and without
// X-Min-Position. Command and query apps run as in `npm start`, on one database.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { createCommandApp, migrateIdempotency } from '@erp/command-service';
import { postgresIdAllocator } from '@erp/eventstore';
import type { StoreUnderTest } from '@erp/eventstore/testing';
import { authStore, migrateAuth } from '@erp/http-kit';
import { PROJECTIONS, prepareProjections, startProjectionRunner } from '@erp/projections';
import { createQueryApp } from '@erp/query-service';

const listen = (server: Server) =>
  new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));

export const benchHttp = async (t: StoreUnderTest, rounds: number) => {
  await migrateAuth(t.db);
  await migrateIdempotency(t.db);
  await prepareProjections(t.db, t.store, PROJECTIONS);
  const ids = postgresIdAllocator(t.db);
  // The append benchmark wrote vendor streams directly: new ids start above them.
  await ids.atLeast('vendor', 1_000_000);
  const auth = authStore(t.db);
  const first = await auth.createFirstUser('bench', 'bench-password');
  const user = typeof first === 'object' ? first : await auth.verify('bench', 'bench-password');
  const cookie = `erp_session=${await auth.openSession(user!.id)}`;
  const commands = createServer(createCommandApp({ db: t.db, store: t.store, notifier: t.notifier, ids, auth }).callback());
  const queries = createServer(createQueryApp({ db: t.db, store: t.store, notifier: t.notifier, auth }).callback());
  const [writeUrl, readUrl] = [await listen(commands), await listen(queries)];
  const runner = startProjectionRunner(t.db, t.store, t.notifier, PROJECTIONS);
  const result = { withWait: [] as number[], missesWithWait: 0, missesWithout: 0 };
  try {
    for (let i = 0; i < rounds; i++) {
      for (const wait of [true, false]) {
        const name = `HTTP ${wait ? 'w' : 'n'} ${i}`;
        const t0 = performance.now();
        const post = await fetch(`${writeUrl}/api/purchase/vendors`, {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/json' },
          body: JSON.stringify({ name }),
        });
        if (post.status !== 201) throw new Error(`POST answered ${post.status}: ${await post.text()}`);
        const position = post.headers.get('x-event-position') ?? '0';
        const { id } = (await post.json()) as { id: number };
        const list = await fetch(`${readUrl}/api/purchase/vendors`, {
          headers: wait ? { cookie, 'x-min-position': position } : { cookie },
        });
        const seen = ((await list.json()) as { id: number }[]).some((v) => v.id === id);
        if (wait) {
          result.withWait.push(performance.now() - t0);
          if (!seen) result.missesWithWait++;
        } else if (!seen) result.missesWithout++;
      }
    }
  } finally {
    await runner.stop();
    commands.close();
    queries.close();
  }
  return result;
};
