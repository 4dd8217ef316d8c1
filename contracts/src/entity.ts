import type { z } from 'zod';

/**
 * A master-data entity (vendors, customers, items, employees, leads): no rules beyond
 * validation, so one decider, one route set, one projection and one screen serve them all.
 */
export interface MasterDataEntity<
  Body extends z.ZodType = z.ZodType,
  Rec extends z.ZodType = z.ZodType,
> {
  readonly module: string;
  /** URL segment and read-model name root, e.g. 'vendors'. */
  readonly plural: string;
  /** Stream prefix and id sequence name, e.g. 'vendor'. */
  readonly singular: string;
  /** Human label used in messages, e.g. 'Vendor'. */
  readonly label: string;
  readonly path: string;
  readonly body: Body;
  readonly record: Rec;
  /** The body fields, in form order; the decider diffs and the projection stores these. */
  readonly fields: readonly string[];
  readonly events: { readonly created: string; readonly updated: string; readonly deleted: string };
  readonly canDelete: boolean;
}

export type BodyOf<E extends MasterDataEntity> = z.output<E['body']>;
export type RecordOf<E extends MasterDataEntity> = z.output<E['record']>;

/** camelCase field → snake_case read-model column (STYLE b.11). */
export const snakeCase = (field: string): string => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The read-model table of a master-data entity: `vendors` → `vendor_list`. */
export const listTable = (entity: Pick<MasterDataEntity, 'singular'>): string => `${entity.singular}_list`;

/** The stream of one record: `vendor-42`. Ids are allocated per stream prefix. */
export const recordStream = (entity: Pick<MasterDataEntity, 'singular'>, id: number): string =>
  `${entity.singular}-${id}`;

/** `vendor-42` → { prefix: 'vendor', id: 42 }; null for streams not named that way. */
export const parseRecordStream = (streamId: string): { prefix: string; id: number } | null => {
  const match = /^([a-z][a-z-]*)-(\d{1,10})$/.exec(streamId);
  return match ? { prefix: match[1]!, id: Number(match[2]) } : null;
};
