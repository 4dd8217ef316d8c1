// The rebuild half of `npm run bench`: a log of N events, half master data (every entity: creates,
// updates, deletes), half documents (every invoice-like and settling kind, GST lines with items,
// each record recorded and revised three times, shares on invoices), folded in the same process
// and database, side by side:
//   - reading the log alone (the store's page reads, no projection work): the ceiling;
//   - a plain-SQL fold (the last event of every stream, DISTINCT ON): what PostgreSQL does alone;
//   - `rebuildProjections` over the master-data read models alone, and over every read model in
//     one pass (`npm run erp -- rebuild --all`).
import { MASTER_DATA_ENTITIES } from '@erp/contracts';
import { MASTER_DATA_SAMPLES } from '@erp/contracts/testing';
import { START } from '@erp/eventstore';
import type { StoreUnderTest } from '@erp/eventstore/testing';
import { journalProjection, PROJECTIONS, rebuildProjections } from '@erp/projections';
import { sql } from 'kysely';

import { fillDocuments } from './bench-documents';

const META = { userId: 1, username: 'bench', correlationId: 'bench', at: '2026-01-01T00:00:00.000Z' };

/**
 * Fills the log with `total` events in one INSERT … SELECT per entity: each record is created,
 * updated three times (one field), and every twentieth deletable one is deleted.
 */
export const fillLog = async (t: StoreUnderTest, total: number) => {
  const perEntity = Math.ceil(total / MASTER_DATA_ENTITIES.length);
  const streamsPerEntity = Math.ceil(perEntity / 4);
  for (const entity of MASTER_DATA_ENTITIES) {
    const sample = MASTER_DATA_SAMPLES[entity.plural]!;
    const created = entity.body.parse(sample.body('bench'));
    const change = sample.change;
    const changed = (entity.body.parse({ ...sample.body('bench'), [change.field]: change.value }) as Record<string, unknown>)[change.field];
    await sql`
      insert into events (event_id, stream_id, stream_version, type, data, metadata)
      select gen_random_uuid(), ${entity.singular} || '-' || s.id, v.version,
             case when v.version = 1 then ${entity.events.names.created}
                  when v.version = 5 then ${entity.events.names.deleted}
                  else ${entity.events.names.updated} end,
             case when v.version = 1 then ${JSON.stringify(created)}::jsonb
                    || jsonb_build_object('id', s.id, 'name', 'Record ' || s.id)
                  when v.version = 5 then jsonb_build_object('id', s.id)
                  else jsonb_build_object('id', s.id, 'changes',
                    jsonb_build_object(${change.field}::text, ${JSON.stringify(changed)}::jsonb)) end,
             ${JSON.stringify(META)}::jsonb
      from generate_series(1, ${streamsPerEntity}::int) as s(id)
      cross join generate_series(1, case when ${entity.canDelete} and s.id % 20 = 0 then 5 else 4 end) as v(version)
      where (s.id - 1) * 4 + v.version <= ${perEntity}
      order by s.id, v.version`.execute(t.db);
  }
};

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const rate = (n: number, ms: number) => `${Math.round((n / ms) * 1000).toLocaleString('en-US')}/s`;

const count = async (t: StoreUnderTest) => Number((await sql<{ n: string }>`select count(*) as n from events`.execute(t.db)).rows[0]!.n);

export const benchRebuild = async (t: StoreUnderTest, total: number) => {
  let started = Date.now();
  await fillLog(t, Math.ceil(total / 2));
  await fillDocuments(t, Math.floor(total / 2));
  await sql`analyze events`.execute(t.db);
  const events = await count(t);
  const fillMs = Date.now() - started;

  started = Date.now();
  let cursor = START;
  for (;;) {
    const page = await t.store.readAll(cursor, 5000);
    if (page.events.length === 0) break;
    cursor = page.cursor;
  }
  const readMs = Date.now() - started;

  // The plain-SQL fold: the last event of each stream, straight from the log (no typing, no
  // merging of revisions, no tombstones): the floor a rebuild in PostgreSQL alone could reach.
  started = Date.now();
  await sql`create temp table sql_fold as
    select distinct on (stream_id) stream_id, type, data from events order by stream_id, position desc`.execute(t.db);
  const sqlMs = Date.now() - started;

  const masterData = PROJECTIONS.filter((p) => MASTER_DATA_ENTITIES.some((e) => p.name === `${e.singular}_list`));
  started = Date.now();
  const masterRun = await rebuildProjections(t.db, t.store, masterData);
  const masterMs = Date.now() - started;

  started = Date.now();
  const journalRun = await rebuildProjections(t.db, t.store, [journalProjection]);
  const journalMs = Date.now() - started;

  started = Date.now();
  const { applied } = await rebuildProjections(t.db, t.store, PROJECTIONS);
  const rebuildMs = Date.now() - started;
  const rows = await Promise.all(PROJECTIONS.flatMap((p) => p.tables).map(async (table) =>
    [table.name, Number((await sql<{ n: string }>`select count(*) as n from ${sql.id(table.name)}`.execute(t.db)).rows[0]!.n)] as const));
  if (applied !== events || masterRun.applied !== events || journalRun.applied !== events) throw new Error(`rebuild read ${applied} of ${events} events`);

  console.log(`\nRebuild: ${events.toLocaleString('en-US')} events in the log (filled in ${seconds(fillMs)}), each record created and revised three times; ${PROJECTIONS.length} read models\n`);
  console.log('| measure                                          | time    | events/s   |');
  console.log('|--------------------------------------------------|--------:|-----------:|');
  console.log(`| read the whole log, pages of 5,000               | ${seconds(readMs).padStart(7)} | ${rate(events, readMs).padStart(10)} |`);
  console.log(`| plain-SQL fold (DISTINCT ON), baseline           | ${seconds(sqlMs).padStart(7)} | ${rate(events, sqlMs).padStart(10)} |`);
  console.log(`| rebuild the ${String(masterData.length)} master-data read models           | ${seconds(masterMs).padStart(7)} | ${rate(events, masterMs).padStart(10)} |`);
  console.log(`| rebuild the journal alone                        | ${seconds(journalMs).padStart(7)} | ${rate(events, journalMs).padStart(10)} |`);
  console.log(`| rebuild every read model (rebuild --all), 1 pass | ${seconds(rebuildMs).padStart(7)} | ${rate(applied, rebuildMs).padStart(10)} |`);
  console.log(`\nRows rebuilt: ${rows.map(([name, n]) => `${name} ${n.toLocaleString('en-US')}`).join(', ')}`);
};
