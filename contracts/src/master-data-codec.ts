import { z } from 'zod';

import type { EventOf, MasterDataEntity } from './entity';

/** Field name → value, as a generic view of one record's values. */
export type FieldValues = Readonly<Record<string, unknown>>;

/** A master-data event, read through its entity's schema into one of three kinds. */
export type MasterDataChange =
  | { readonly kind: 'created'; readonly id: number; readonly values: FieldValues }
  | { readonly kind: 'updated'; readonly id: number; readonly changes: FieldValues }
  | { readonly kind: 'deleted'; readonly id: number };

const Envelope = z.object({ type: z.string(), data: z.unknown() });
const Created = z.looseObject({ id: z.number().int() });
const Updated = z.object({ id: z.number().int(), changes: z.record(z.string(), z.unknown()) });
const Deleted = z.object({ id: z.number().int() });
const Values = z.looseObject({});

/**
 * Reads a stored event of this entity: its data is validated by the entity's own event schema
 * (so what the decider, the projection and the history see is what the contract says), then
 * viewed field by field. Null for an event of another kind.
 */
export const readMasterDataEvent = (entity: MasterDataEntity, stored: unknown): MasterDataChange | null => {
  const { names } = entity.events;
  const event = Envelope.parse(stored);
  switch (event.type) {
    case names.created: {
      const { id, ...values } = Created.parse(entity.events.created.parse(event.data));
      return { kind: 'created', id, values };
    }
    case names.updated: {
      const { id, changes } = Updated.parse(entity.events.updated.parse(event.data));
      return { kind: 'updated', id, changes };
    }
    case names.deleted:
      return { kind: 'deleted', ...Deleted.parse(entity.events.deleted.parse(event.data)) };
    default: {
      const mark = entity.events.marks[event.type];
      if (!mark) return null;
      const { id, ...changes } = Created.parse(mark.parse(event.data));
      return { kind: 'updated', id, changes };
    }
  }
};

/** Writes a change as the entity's own event (validated by its schema, typed by it). */
export const masterDataEvent = <E extends MasterDataEntity>(entity: E, change: MasterDataChange): EventOf<E> => {
  const { names } = entity.events;
  const schema: E['events']['event'] = entity.events.event;
  switch (change.kind) {
    case 'created':
      return z.parse(schema, { type: names.created, data: { ...change.values, id: change.id } });
    case 'updated':
      return z.parse(schema, { type: names.updated, data: { id: change.id, changes: change.changes } });
    case 'deleted':
      return z.parse(schema, { type: names.deleted, data: { id: change.id } });
  }
};

/** A stored event of this entity, typed by its schema; null when the type is another entity's. */
export const decodeMasterDataEvent = <E extends MasterDataEntity>(
  entity: E,
  stored: { readonly type: string; readonly data: unknown },
): EventOf<E> | null => {
  const { names, marks } = entity.events;
  const schema: E['events']['event'] = entity.events.event;
  // A mark is, to whoever folds the record, the update of the fields it sets.
  if (marks[stored.type]) {
    const change = readMasterDataEvent(entity, stored);
    return change?.kind === 'updated' ? masterDataEvent(entity, change) : null;
  }
  if (stored.type !== names.created && stored.type !== names.updated && stored.type !== names.deleted) return null;
  return z.parse(schema, { type: stored.type, data: stored.data });
};

/** A record's values as a field map (a parsed body or record is a plain object). */
export const fieldValues = (value: unknown): FieldValues => Values.parse(value);
