import {
  type BodyOf,
  fieldValues,
  type MasterDataEntity,
  recordStream,
  type RecordOf,
  reservationStream,
} from '@erp/contracts';

import { decideAll, type CommandMetadata } from '../shared/decider';
import type { CommandContext, CommandRun, Decision, StreamHandle } from '../shared/handle-command';
import { stateAfter } from '../shared/handle-command';
import { type MasterDataDecider, type MasterDataState, recordOf } from './master-data.decider';
import { requireRecord } from './references';
import { reservationDecider } from './reservation.decider';

type Appends = Decision<unknown>['appends'][number][];

/** The unique value of a record (employeeId), if the entity has one and it is set. */
const uniqueValue = (entity: MasterDataEntity, values: Readonly<Record<string, unknown>>) => {
  if (!entity.unique) return null;
  const value = values[entity.unique.field];
  return typeof value === 'string' && value !== '' ? value : null;
};

/**
 * Moves a record's unique value from `before` to `after` (either may be null): release the old
 * claim, claim the new one — in the same append as the record's own event (DESIGN §4).
 */
const reservationAppends = async (
  entity: MasterDataEntity,
  ctx: CommandContext,
  ownerId: number,
  metadata: CommandMetadata,
  before: string | null,
  after: string | null,
): Promise<Appends> => {
  const unique = entity.unique;
  if (!unique) return [];
  const stream = (value: string) => reservationStream(entity, unique.field, value);
  if (before !== null && after !== null && stream(before) === stream(after)) return [];
  const appends: Appends = [];
  if (before !== null) {
    const held = await ctx.load(stream(before), reservationDecider);
    const command = { type: 'Release' as const, data: { field: unique.field, value: before, ownerId }, metadata };
    appends.push({ stream: held, events: decideAll(reservationDecider, command, held.state) });
  }
  if (after !== null) {
    const wanted = await ctx.load(stream(after), reservationDecider);
    const takenMessage = `${unique.label} ${after} is already in use`;
    const command = { type: 'Claim' as const, data: { field: unique.field, value: after, ownerId, takenMessage }, metadata };
    appends.push({ stream: wanted, events: decideAll(reservationDecider, command, wanted.state) });
  }
  return appends;
};

const valuesOf = (state: MasterDataState) => (state.status === 'active' ? state.values : {});

/** Every reference field whose value is new (all of them on create) names a live record. */
const requireReferences = async (entity: MasterDataEntity, ctx: CommandContext, values: Readonly<Record<string, unknown>>, before: Readonly<Record<string, unknown>>) => {
  for (const name of entity.fieldNames) {
    const { refersTo } = entity.fields[name]!;
    const id = values[name];
    if (!refersTo || typeof id !== 'number' || id === before[name]) continue;
    await requireRecord(ctx, refersTo.singular, id, { path: name, message: refersTo.missing });
  }
};

/**
 * Blank fields that take their value from a named record (an adjustment's cost per unit from its
 * item's cost price) get it now, so the event records the value the decision was made with.
 */
const filled = async <B>(entity: MasterDataEntity, ctx: CommandContext, body: B): Promise<B> => {
  const values = fieldValues(body);
  let result = body;
  for (const name of entity.fieldNames) {
    const { fillFrom } = entity.fields[name]!;
    const id = fillFrom ? values[fillFrom.ref] : undefined;
    if (!fillFrom || values[name] !== null || typeof id !== 'number') continue;
    const refersTo = entity.fields[fillFrom.ref]!.refersTo!;
    const from = await requireRecord(ctx, refersTo.singular, id, { path: fillFrom.ref, message: refersTo.missing });
    result = { ...result, [name]: from[fillFrom.field] ?? null };
  }
  return result;
};

/** Create, update and delete of one master-data record, each a CommandRun for handleCommand. */
export const masterDataCommands = <E extends MasterDataEntity>(entity: E, decider: MasterDataDecider<E>) => {
  const decideOn = (record: StreamHandle<MasterDataState>, command: Parameters<MasterDataDecider<E>['decide']>[0]) => {
    const events = decideAll(decider, command, record.state);
    return { events, after: stateAfter(decider, record, events) };
  };

  const create =
    (id: number, body: BodyOf<E>, metadata: CommandMetadata): CommandRun<RecordOf<E> | undefined> =>
    async (ctx) => {
      await requireReferences(entity, ctx, fieldValues(body), {});
      body = await filled(entity, ctx, body);
      // A fresh id: the stream is known to be empty, so it is not read.
      const record = ctx.fresh(recordStream(entity, id), decider);
      const { events, after } = decideOn(record, { type: 'Create', data: { id, body }, metadata });
      const claims = await reservationAppends(entity, ctx, id, metadata, null, uniqueValue(entity, fieldValues(body)));
      return { main: record, appends: [{ stream: record, events }, ...claims], result: recordOf(entity, after) };
    };

  const update =
    (id: number, body: BodyOf<E>, metadata: CommandMetadata): CommandRun<RecordOf<E> | undefined> =>
    async (ctx) => {
      const record = await ctx.load(recordStream(entity, id), decider);
      body = await filled(entity, ctx, body);
      const { events, after } = decideOn(record, { type: 'Update', data: { id, body }, metadata });
      if (events.length > 0) await requireReferences(entity, ctx, valuesOf(after), valuesOf(record.state));
      const claims =
        events.length === 0
          ? []
          : await reservationAppends(entity, ctx, id, metadata, uniqueValue(entity, valuesOf(record.state)), uniqueValue(entity, valuesOf(after)));
      return { main: record, appends: [{ stream: record, events }, ...claims], result: recordOf(entity, after) };
    };

  const remove =
    (id: number, metadata: CommandMetadata): CommandRun<undefined> =>
    async (ctx) => {
      const record = await ctx.load(recordStream(entity, id), decider);
      const { events } = decideOn(record, { type: 'Delete', data: { id }, metadata });
      const claims = await reservationAppends(entity, ctx, id, metadata, uniqueValue(entity, valuesOf(record.state)), null);
      return { main: record, appends: [{ stream: record, events }, ...claims], result: undefined };
    };

  return { create, update, remove };
};
