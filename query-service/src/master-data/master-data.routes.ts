import { byId, historyOf as historyPath, indiaDate, type MasterDataEntity, notFound, recordStream } from '@erp/contracts';
import { idParam } from '@erp/http-kit';
import { masterDataTable } from '@erp/projections';
import type Router from '@koa/router';
import type { Context } from 'koa';

import { historyOf } from '../shared/history';
import { type ReadDeps, readsFrom } from '../shared/read-your-writes';
import { listPage } from '../shared/paging';
import { dueCondition, findRecord, listSource } from './master-data.queries';

/** GET list, GET by id (with ETag) and the history of one master-data entity (STYLE b.6). */
export const masterDataReadRoutes = (router: Router, deps: ReadDeps, entity: MasterDataEntity) => {
  const tables = [masterDataTable(entity).name];
  const fresh = readsFrom(deps, tables);

  router.get(entity.path, fresh, async (ctx: Context) => {
    const today = indiaDate(deps.clock?.() ?? new Date());
    ctx.body = await listPage(ctx, deps.db, listSource(entity, dueCondition(entity, ctx.query.due, today)));
  });

  // Every write of the record committed before this read, projected or not yet (findRecord): it
  // never waits, with or without X-Min-Position.
  router.get(byId(entity.path, ':id'), async (ctx: Context) => {
    const id = idParam(ctx, entity.label);
    const { found, stale } = await findRecord(deps.db, entity, id);
    if (stale) ctx.set('X-Read-Model-Stale', 'true');
    if (!found) throw notFound(`${entity.label} ${ctx.params.id} not found`);
    ctx.set('ETag', `"${found.version}"`);
    ctx.body = found.record;
  });

  // Straight from the record's stream: committed events are there at once, no wait needed.
  router.get(historyPath(entity.path, ':id'), async (ctx: Context) => {
    const { events } = await deps.store.readStream(recordStream(entity, idParam(ctx, entity.label)));
    if (events.length === 0) throw notFound(`${entity.label} ${ctx.params.id} not found`);
    ctx.body = historyOf(entity, events);
  });
};
