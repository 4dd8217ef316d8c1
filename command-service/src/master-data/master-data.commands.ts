import {
  type BodyOf,
  fieldValues,
  type FieldValues,
  indiaDate,
  type MasterDataEntity,
  recordStream,
  type RecordOf,
  reservationStream,
} from '@erp/contracts';

import { decideAll, type CommandMetadata } from '../shared/decider';
import type { CommandContext, CommandRun, Decision, StreamHandle } from '../shared/handle-command';
import { stateAfter } from '../shared/handle-command';
import { changedParts } from '../shared/period-locks';
import { type MasterDataDecider, type MasterDataState, recordOf, type RecordUsage } from './master-data.decider';
import { MASTER_DATA_SLICES } from './index';
import { requireRecord } from './references';
import { reservationDecider } from './reservation.decider';

type Appends = Decision<unknown>['appends'][number][];

/** A value a record holds uniquely: its reservation stream, the field a 409 names, and what it says. */
interface Held {
  readonly stream: string;
  readonly field: string;
  readonly value: string;
  readonly taken: () => Promise<string>;
}

/** The name a reference field's record goes by (an employee's name), for messages. */
const nameOf = async (entity: MasterDataEntity, ctx: CommandContext, field: string, id: unknown): Promise<string> => {
  const refersTo = entity.fields[field]?.refersTo;
  if (!refersTo || typeof id !== 'number') return String(id);
  const slice = MASTER_DATA_SLICES.find((s) => s.entity.singular === refersTo.singular);
  if (!slice) return String(id);
  const record = await ctx.load(recordStream(slice.entity, id), slice.decider);
  const name = record.state.status === 'active' ? record.state.values[slice.entity.sortBy] : null;
  return typeof name === 'string' ? name : `${slice.entity.label} ${id}`;
};

/**
 * The unique values a record with these values holds (DESIGN §4): its `unique` field (employeeId)
 * and its `uniqueKey` of several fields (a payroll's employee and month), while it holds that.
 */
export const heldValues = (entity: MasterDataEntity, ctx: CommandContext, values: FieldValues): Held[] => {
  const held: Held[] = [];
  const { unique } = entity;
  const value = unique ? values[unique.field] : null;
  if (unique && typeof value === 'string' && value !== '') {
    held.push({ stream: reservationStream(entity, unique.field, value), field: unique.field, value, taken: () => Promise.resolve(`${unique.label} ${value} is already in use`) });
  }
  const key = entity.rules?.uniqueKey;
  if (key && key.fields.every((f) => values[f] !== null && values[f] !== undefined) && (key.holds?.(values) ?? true)) {
    const joined = key.fields.map((f) => String(values[f])).join('-');
    held.push({
      stream: reservationStream(entity, key.name, joined),
      field: key.fields[0]!,
      value: joined,
      taken: async () => {
        const named = Object.fromEntries(await Promise.all(key.fields.map(async (f) => [f, await nameOf(entity, ctx, f, values[f])] as const)));
        return key.taken({ ...values, ...named });
      },
    });
  }
  return held;
};

/**
 * Moves a record's unique values from `before` to `after`: release the claims it no longer
 * holds, claim the new ones — in the same append as the record's own event (DESIGN §4).
 */
const reservationAppends = async (
  entity: MasterDataEntity,
  ctx: CommandContext,
  ownerId: number,
  metadata: CommandMetadata,
  before: FieldValues | null,
  after: FieldValues | null,
): Promise<Appends> => {
  const was = before ? heldValues(entity, ctx, before) : [];
  const is = after ? heldValues(entity, ctx, after) : [];
  const appends: Appends = [];
  for (const old of was.filter((w) => !is.some((i) => i.stream === w.stream))) {
    const held = await ctx.load(old.stream, reservationDecider);
    const command = { type: 'Release' as const, data: { field: old.field, value: old.value, ownerId }, metadata };
    appends.push({ stream: held, events: decideAll(reservationDecider, command, held.state) });
  }
  for (const claim of is.filter((i) => !was.some((w) => w.stream === i.stream))) {
    const wanted = await ctx.load(claim.stream, reservationDecider);
    const takenMessage = wanted.state.ownerId !== null && wanted.state.ownerId !== ownerId ? await claim.taken() : '';
    const command = { type: 'Claim' as const, data: { field: claim.field, value: claim.value, ownerId, takenMessage }, metadata };
    appends.push({ stream: wanted, events: decideAll(reservationDecider, command, wanted.state) });
  }
  return appends;
};

const valuesOf = (state: MasterDataState) => (state.status === 'active' ? state.values : {});
/** What a record posts from: nothing once deleted. */
const postingValues = (state: MasterDataState) => (state.status === 'active' ? state.values : { active: false });
const heldBy = (state: MasterDataState) => (state.status === 'active' ? state.values : null);

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

/** What names a record (a party's documents), read for its delete. */
export type UsageReader = (ctx: CommandContext, id: number) => Promise<RecordUsage>;

/**
 * Create, update and delete of one master-data record, each a CommandRun for handleCommand.
 * `usageOf`: for an entity documents name (customers, vendors), what its delete must know.
 */
export const masterDataCommands = <E extends MasterDataEntity>(entity: E, decider: MasterDataDecider<E>, usageOf?: UsageReader) => {
  const decideOn = (record: StreamHandle<MasterDataState>, command: Parameters<MasterDataDecider<E>['decide']>[0]) => {
    const events = decideAll(decider, command, record.state);
    const after = stateAfter(decider, record, events);
    // What it posts to the books, before and after (a stock adjustment, a payroll): the days a lock guards.
    const parts = entity.booksParts;
    const added = { addedOn: indiaDate(record.firstAt ? new Date(record.firstAt) : command.metadata.now) };
    const dated = parts ? changedParts(parts(postingValues(record.state), added), parts(postingValues(after), added)) : undefined;
    return { events, after, dated };
  };

  const create =
    (id: number, body: BodyOf<E>, metadata: CommandMetadata): CommandRun<RecordOf<E> | undefined> =>
    async (ctx) => {
      await requireReferences(entity, ctx, fieldValues(body), {});
      body = await filled(entity, ctx, body);
      // A fresh id: the stream is known to be empty, so it is not read.
      const record = ctx.fresh(recordStream(entity, id), decider);
      const { events, after, dated } = decideOn(record, { type: 'Create', data: { id, body }, metadata });
      const claims = await reservationAppends(entity, ctx, id, metadata, null, heldBy(after));
      return { main: record, appends: [{ stream: record, events }, ...claims], dated, result: recordOf(entity, after) };
    };

  const update =
    (id: number, body: BodyOf<E>, metadata: CommandMetadata): CommandRun<RecordOf<E> | undefined> =>
    async (ctx) => {
      const record = await ctx.load(recordStream(entity, id), decider);
      body = await filled(entity, ctx, body);
      const { events, after, dated } = decideOn(record, { type: 'Update', data: { id, body }, metadata });
      if (events.length > 0) await requireReferences(entity, ctx, valuesOf(after), valuesOf(record.state));
      const claims =
        events.length === 0
          ? []
          : await reservationAppends(entity, ctx, id, metadata, heldBy(record.state), heldBy(after));
      return { main: record, appends: [{ stream: record, events }, ...claims], dated, result: recordOf(entity, after) };
    };

  const remove =
    (id: number, metadata: CommandMetadata): CommandRun<undefined> =>
    async (ctx) => {
      const record = await ctx.load(recordStream(entity, id), decider);
      const usage = usageOf && record.state.status === 'active' ? await usageOf(ctx, id) : null;
      const { events, dated } = decideOn(record, { type: 'Delete', data: { id, ...(usage ? { usage } : {}) }, metadata });
      const claims = await reservationAppends(entity, ctx, id, metadata, heldBy(record.state), null);
      return { main: record, appends: [{ stream: record, events }, ...claims], dated, result: undefined };
    };

  const act =
    (id: number, action: string, values: FieldValues, metadata: CommandMetadata): CommandRun<RecordOf<E> | undefined> =>
    async (ctx) => {
      const record = await ctx.load(recordStream(entity, id), decider);
      const { events, after, dated } = decideOn(record, { type: 'Act', data: { id, action, values }, metadata });
      const claims = events.length === 0 ? [] : await reservationAppends(entity, ctx, id, metadata, heldBy(record.state), heldBy(after));
      return { main: record, appends: [{ stream: record, events }, ...claims], dated, result: recordOf(entity, after) };
    };

  return { create, update, remove, act };
};
