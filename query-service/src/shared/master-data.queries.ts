import { listTable, type MasterDataEntity, snakeCase } from '@erp/contracts';
import type { AnyDb } from '@erp/eventstore';
import { sql } from 'kysely';

const selection = (entity: MasterDataEntity) => [
  'id',
  sql<number>`stream_version`.as('streamVersion'),
  ...entity.fields.map((f) => sql.ref(snakeCase(f)).as(f)),
];

export type ListRow = Record<string, unknown> & { id: number; streamVersion: number };

export const listRecords = async (db: AnyDb, entity: MasterDataEntity): Promise<ListRow[]> =>
  (await db
    .selectFrom(listTable(entity))
    .select(selection(entity))
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute()) as ListRow[];

export const findRecord = async (db: AnyDb, entity: MasterDataEntity, id: number): Promise<ListRow | undefined> =>
  (await db
    .selectFrom(listTable(entity))
    .select(selection(entity))
    .where('id', '=', id)
    .executeTakeFirst()) as ListRow | undefined;
