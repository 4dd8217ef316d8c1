import { z } from 'zod';

import type { EventOf, MasterDataEntity } from './entity';

/** Field name → value, as a generic view of one record's values. */
export type FieldValues = Readonly<Record<string, unknown>>;

/** A master-data event, read through its entity's schema into one of three kinds. */
export type MasterDataChange =
  | { readonly kind: 'created'; readonly id: number; readonly values: FieldValues }
  | { readonly kind: 'updated'; readonly id: number; readonly changes: FieldValues }
  | { readonly kind: 'deleted'; readonly id: number };

const Created = z.looseObject({ id: z.number().int() });
const Values = z.looseObject({});

/** `{ type, data }` of a stored event, or a validation error saying what it is not. */
const envelopeOf = (stored: unknown): { type: string; data: unknown } => {
  if (typeof stored !== 'object' || stored === null || !('type' in stored) || typeof stored.type !== 'string') {
    return z.object({ type: z.string(), data: z.unknown() }).parse(stored);
  }
  return { type: stored.type, data: 'data' in stored ? stored.data : undefined };
};

/**
 * The record's values: the event's data without its id (a copy: the stored event stays as it
 * is). Own properties, each defined as data, so a key such as `__proto__` in an imported event
 * stays a value and never reaches a prototype.
 */
const withoutId = (data: FieldValues): FieldValues => Object.fromEntries(Object.entries(data).filter(([key]) => key !== 'id'));

/**
 * Reads a stored event of this entity: its data is validated by the entity's own event schema
 * (so what the decider, the projection and the history see is what the contract says), then
 * viewed field by field. Null for an event of another kind. One parse per event: the entity's
 * schemas already check the id and the changes.
 */
export const readMasterDataEvent = (entity: MasterDataEntity, stored: unknown): MasterDataChange | null => {
  const { names } = entity.events;
  const event = envelopeOf(stored);
  switch (event.type) {
    case names.created: {
      const data = entity.events.created.parse(event.data);
      return { kind: 'created', id: data.id, values: withoutId(data) };
    }
    case names.updated: {
      const { id, changes } = entity.events.updated.parse(event.data);
      return { kind: 'updated', id, changes };
    }
    case names.deleted:
      return { kind: 'deleted', id: entity.events.deleted.parse(event.data).id };
    default: {
      const mark = entity.events.marks[event.type];
      if (!mark) return null;
      const data = Created.parse(mark.parse(event.data));
      return { kind: 'updated', id: data.id, changes: withoutId(data) };
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
