import { byId, isRecord, type MasterDataEntity, type RecordOf } from '@erp/contracts';
import type { EventStore, IdAllocator } from '@erp/eventstore';
import type Router from '@koa/router';

import type { GstReturnsNow } from '../gst/returns-now';
import { commandRoute, NO_BODY } from '../shared/command-route';
import { foldStored } from '../shared/decider';
import { masterDataCommands, type UsageReader } from './master-data.commands';
import { type MasterDataDecider, recordOf } from './master-data.decider';

export interface CommandDeps {
  readonly store: EventStore;
  readonly ids: IdAllocator;
  /** A month's GST returns as they stand, for a filing to keep (issue 44): from the read side, which the server wires in. */
  readonly gstReturns?: GstReturnsNow;
}

/**
 * POST, PUT /{id} and (when allowed) DELETE /{id} for one master-data entity: a new entity is
 * configuration in contracts, not new route code.
 */
export const masterDataWriteRoutes = <E extends MasterDataEntity>(
  router: Router,
  deps: CommandDeps,
  entity: E,
  decider: MasterDataDecider<E>,
  usageOf?: UsageReader,
) => {
  const commands = masterDataCommands(entity, decider, usageOf);
  const item = byId(entity.path, ':id');
  const replay = async (streamId: string) => recordOf(entity, foldStored(decider, (await deps.store.readStream(streamId)).events));
  const location = (record: RecordOf<E> | undefined) => {
    if (!record) return undefined;
    const value: unknown = record;
    const id = isRecord(value) ? value.id : undefined;
    if (typeof id !== 'number') throw new Error(`a ${entity.singular} record without its id`);
    return byId(entity.path, id);
  };

  commandRoute<E['body'], RecordOf<E> | undefined>(router, deps.store, {
    method: 'post',
    path: entity.path,
    label: entity.label,
    body: entity.body,
    status: 201,
    command: async ({ body, metadata }) => commands.create(await deps.ids.next(entity.singular), body, metadata),
    location,
    replay,
  });
  commandRoute<E['body'], RecordOf<E> | undefined>(router, deps.store, {
    method: 'put',
    path: item,
    label: entity.label,
    body: entity.body,
    status: 200,
    command: ({ id, body, metadata }) => commands.update(id, body, metadata),
    replay,
  });
  for (const [name, action] of Object.entries(entity.rules?.actions ?? {})) {
    commandRoute(router, deps.store, {
      method: 'post',
      path: `${item}/${name}`,
      label: entity.label,
      body: action.body,
      status: 200,
      command: ({ id, body, metadata }) => commands.act(id, name, body, metadata),
      replay,
    });
  }
  if (!entity.canDelete) return;
  commandRoute(router, deps.store, {
    method: 'delete',
    path: item,
    label: entity.label,
    body: NO_BODY,
    status: 204,
    command: ({ id, metadata }) => commands.remove(id, metadata),
  });
};
