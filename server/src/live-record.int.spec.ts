import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { byId, employeesEntity, itemsEntity, MASTER_DATA_ENTITIES, type MasterDataEntity } from '@erp/contracts';
import { MASTER_DATA_SAMPLES } from '@erp/contracts/testing';
import { type TestDatabase, testDatabase } from '@erp/eventstore/testing';
import { masterDataTable, projectBatch, PROJECTIONS } from '@erp/projections';
import { sql } from 'kysely';
import type Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { config } from './config';
import { commandApp, type Infrastructure, openInfrastructure, prepareReadModels, queryApp } from './system';
import { HttpClient } from './testing/http-client';
import { longestMasterDataBody } from './testing/longest-values';

type Row = Record<string, unknown> & { id: number };

/**
 * A master-data record by id answers every write committed before the read, projected or not:
 * the read model's row with the record's own events it has not applied yet folded on top. No
 * projection runner runs here; the test moves the read models itself. For every entity, with
 * its sample and with its longest and most hostile values: right after the POST, the PUT and the
 * DELETE, the GET answers the write at once, and it answers the same body and ETag once the
 * read model has applied them.
 */
describe('GET of a master-data record by id, before its read model has applied the writes', () => {
  let database: TestDatabase;
  let infra: Infrastructure;
  const servers: Server[] = [];
  let command: HttpClient;
  let query: HttpClient;
  let written = 0;

  const listen = async (app: Koa) => {
    const server = createServer(app.callback());
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };

  beforeAll(async () => {
    database = await testDatabase();
    const settings = { ...config, databaseUrl: database.url, natsUrl: undefined, adminUsername: undefined, adminPassword: undefined };
    infra = await openInfrastructure(settings);
    await prepareReadModels(infra);
    const owner = await infra.auth.createFirstUser('owner', 'correct horse battery staple');
    if (typeof owner === 'string') throw new Error(owner);
    const session = await infra.auth.openSession(owner.id);
    command = new HttpClient(await listen(commandApp(infra, settings)));
    query = new HttpClient(await listen(queryApp(infra, settings)));
    for (const client of [command, query]) client.cookies.set('erp_session', session);
  }, 60_000);
  afterAll(async () => {
    for (const server of servers) server.close();
    await infra?.close();
    await database?.drop();
  }, 60_000);

  const project = async () => {
    for (;;) if (!(await projectBatch(infra.database.db, infra.store, PROJECTIONS, 1000)).more) return;
  };
  /** The row the read model holds for this record, if any (not folded). */
  const heldRow = async (entity: MasterDataEntity, id: number) =>
    (await sql<{ version: number; deleted: boolean }>`select version, deleted from ${sql.table(masterDataTable(entity).name)} where id = ${id}`.execute(infra.database.db)).rows[0];
  const write = async (method: 'post' | 'put', path: string, body: Record<string, unknown>, status: number) => {
    const res = await command[method]<Row>(path, body);
    expect(res.status, `${method} ${path}: ${res.text.slice(0, 400)}`).toBe(status);
    return res.body;
  };
  const read = async (entity: MasterDataEntity, id: number) => {
    const res = await query.get<Row>(byId(entity.path, id));
    return { status: res.status, body: res.body, etag: res.headers.get('ETag'), stale: res.headers.get('X-Read-Model-Stale') };
  };

  const references = async (entity: MasterDataEntity) => {
    const token = `ref${++written}`;
    const refs: Record<string, number> = {};
    if ((entity.fieldNames as readonly string[]).includes('itemId')) refs.itemId = (await write('post', itemsEntity.path, MASTER_DATA_SAMPLES.items!.body(token), 201)).id;
    if ((entity.fieldNames as readonly string[]).includes('employeeId')) refs.employeeId = (await write('post', employeesEntity.path, MASTER_DATA_SAMPLES.employees!.body(token), 201)).id;
    for (const [field, plural] of [['leadId', 'leads'], ['customerId', 'customers']] as const) {
      if ((entity.fieldNames as readonly string[]).includes(field)) refs[field] = (await write('post', MASTER_DATA_ENTITIES.find((e) => e.plural === plural)!.path, MASTER_DATA_SAMPLES[plural]!.body(token), 201)).id;
    }
    return refs;
  };

  const bodies = async (entity: MasterDataEntity) => {
    const sample = MASTER_DATA_SAMPLES[entity.plural]!;
    const sent = sample.body(`live${++written}`);
    const refs = await references(entity);
    const withRefs = { ...sent, ...Object.fromEntries(Object.entries(refs).filter(([field]) => typeof sent[field] === 'number')) };
    return [withRefs, longestMasterDataBody(entity, `live${++written}`, written, await references(entity))];
  };

  it.each(MASTER_DATA_ENTITIES.map((e) => [e.label, e] as const))('%s: created, changed and deleted, each visible at once', async (_label, entity) => {
    const sample = MASTER_DATA_SAMPLES[entity.plural]!;
    for (const body of await bodies(entity)) {
      await project();
      const created = await write('post', entity.path, body, 201);
      expect(await heldRow(entity, created.id), 'the read model has not applied the create').toBeUndefined();
      const fresh = await read(entity, created.id);
      expect(fresh).toEqual({ status: 200, body: created, etag: '"1"', stale: null });

      const changed = await write('put', byId(entity.path, created.id), { ...created, [sample.change.field]: sample.change.value }, 200);
      const after = await read(entity, created.id);
      expect(after).toEqual({ status: 200, body: changed, etag: '"2"', stale: null });
      await project();
      expect(await heldRow(entity, created.id)).toMatchObject({ version: 2 });
      expect(await read(entity, created.id), 'the same answer from the row the read model wrote').toEqual(after);

      if (!entity.canDelete) continue;
      const removed = await command.delete(byId(entity.path, created.id));
      expect(removed.status, removed.text).toBe(204);
      expect(await heldRow(entity, created.id)).toMatchObject({ deleted: false });
      expect((await read(entity, created.id)).status).toBe(404);
      await project();
      expect((await read(entity, created.id)).status).toBe(404);
    }
  });

  it('an id no record has: 404 at once', async () => {
    const started = performance.now();
    expect((await read(MASTER_DATA_ENTITIES[0]!, 987_654)).status).toBe(404);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('an event of the record its read model cannot apply: the row as the read model holds it, said stale', async () => {
    const [entity] = MASTER_DATA_ENTITIES;
    const created = await write('post', entity!.path, MASTER_DATA_SAMPLES[entity!.plural]!.body(`bad${++written}`), 201);
    await project();
    const meta = { userId: 1, username: 'owner', correlationId: 'bad-event', at: new Date().toISOString() };
    await infra.store.append(
      [{ streamId: `${entity!.singular}-${created.id}`, expectedVersion: 1, events: [{ eventId: crypto.randomUUID(), type: entity!.events.names.updated, data: { id: created.id, changes: { name: 42 } } }] }],
      meta,
    );
    expect(await read(entity!, created.id)).toEqual({ status: 200, body: created, etag: '"1"', stale: 'true' });
  });
});
