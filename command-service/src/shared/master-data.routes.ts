import { byId, type MasterDataEntity, recordStream } from '@erp/contracts';
import type { EventStore, IdAllocator } from '@erp/eventstore';
import { idParam, parseBody } from '@erp/http-kit';
import type Router from '@koa/router';
import type { Context } from 'koa';

import { handleCommand } from './handle-command';
import { commandMetadata, handleOptions, ifMatchVersions, respond } from './http';
import { type MasterDataState, masterDataDecider } from './master-data.decider';

export interface CommandDeps {
  readonly store: EventStore;
  readonly ids: IdAllocator;
}

const toRecord = (entity: MasterDataEntity, state: MasterDataState) => {
  if (state.status !== 'active') return undefined;
  const fields = Object.fromEntries(entity.fields.map((f) => [f, state.record[f] ?? null]));
  return entity.record.parse({ ...fields, id: state.record.id });
};

/**
 * POST, PUT /{id} and (when allowed) DELETE /{id} for one master-data entity: a new entity is
 * configuration in contracts, not new route code (STYLE b.5).
 */
export const masterDataWriteRoutes = (router: Router, deps: CommandDeps, entity: MasterDataEntity) => {
  const decider = masterDataDecider(entity);
  const stream = (id: number) => recordStream(entity, id);

  router.post(entity.path, async (ctx: Context) => {
    const body = parseBody(entity.body, ctx.request.body) as Record<string, unknown>;
    const id = await deps.ids.next(entity.singular);
    const command = { type: 'Create' as const, data: { id, body }, metadata: commandMetadata(ctx) };
    const result = await handleCommand(deps.store, decider, stream(id), command, handleOptions(ctx));
    const record = toRecord(entity, result.state);
    if (record) ctx.set('Location', byId(entity.path, (record as { id: number }).id));
    respond(ctx, 201, result, record);
  });

  router.put(`${entity.path}/:id`, async (ctx: Context) => {
    const id = idParam(ctx, entity.label);
    const body = parseBody(entity.body, ctx.request.body) as Record<string, unknown>;
    const command = { type: 'Update' as const, data: { id, body }, metadata: commandMetadata(ctx) };
    const result = await handleCommand(deps.store, decider, stream(id), command, handleOptions(ctx, ifMatchVersions(ctx)));
    respond(ctx, 200, result, toRecord(entity, result.state));
  });

  if (!entity.canDelete) return;
  router.delete(`${entity.path}/:id`, async (ctx: Context) => {
    const id = idParam(ctx, entity.label);
    const command = { type: 'Delete' as const, data: { id }, metadata: commandMetadata(ctx) };
    const result = await handleCommand(deps.store, decider, stream(id), command, handleOptions(ctx, ifMatchVersions(ctx)));
    respond(ctx, 204, result);
  });
};
