import { byId, historyOf as historyPath, type MasterDataEntity, notFound, recordStream } from '@erp/contracts';
import { idParam } from '@erp/http-kit';
import type { AnyDb, EventStore } from '@erp/eventstore';
import type Router from '@koa/router';
import type { Context } from 'koa';

import { historyOf } from './history';
import { findRecord, type ListRow, listRecords } from './master-data.queries';

const toResponse = (entity: MasterDataEntity, row: ListRow) => {
  const { streamVersion: _version, ...record } = row;
  return entity.record.parse(record);
};

/** GET list, GET by id (with ETag) and the history of one master-data entity (STYLE b.6). */
export const masterDataReadRoutes = (router: Router, db: AnyDb, store: EventStore, entity: MasterDataEntity) => {
  router.get(entity.path, async (ctx: Context) => {
    ctx.body = (await listRecords(db, entity)).map((row) => toResponse(entity, row));
  });

  router.get(byId(entity.path, ':id'), async (ctx: Context) => {
    const row = await findRecord(db, entity, idParam(ctx, entity.label));
    if (!row) throw notFound(`${entity.label} ${ctx.params.id} not found`);
    ctx.set('ETag', `"${row.streamVersion}"`);
    ctx.body = toResponse(entity, row);
  });

  router.get(historyPath(entity.path, ':id'), async (ctx: Context) => {
    const { events } = await store.readStream(recordStream(entity, idParam(ctx, entity.label)));
    if (events.length === 0) throw notFound(`${entity.label} ${ctx.params.id} not found`);
    ctx.body = historyOf(events, entity.events);
  });
};
