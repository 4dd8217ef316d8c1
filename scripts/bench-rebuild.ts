// The rebuild part of `npm run bench`: three logs (bench-log.ts), each on a database of its own,
// folded in this process, side by side with two baselines on the same log and database:
//   - reading the log alone (the store's page reads, no projection work): the ceiling;
//   - a plain-SQL fold (the last event of every stream, DISTINCT ON): what PostgreSQL does alone.
// Logs: every record created once (documents that allocate); every record created and revised
// three times, the revisions spread through the log (and receipts and payments releasing and
// allocating again); and the log of vendors alone, each created and revised three times.
import { MASTER_DATA_ENTITIES } from '@erp/contracts';
import { START } from '@erp/eventstore';
import { type StoreUnderTest, testDatabase, withStore } from '@erp/eventstore/testing';
import { findProjection, handledTypes, journalProjection, prepareProjections, type Projection, PROJECTIONS, rebuildProjections } from '@erp/projections';
import { sql } from 'kysely';

import { fillLog, fillVendorLog, type LogShape } from './bench-log';

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const rate = (n: number, ms: number) => `${Math.round((n / ms) * 1000).toLocaleString('en-US')}/s`;
const row = (label: string, ms: number, events: number) => `| ${label.padEnd(58)} | ${seconds(ms).padStart(7)} | ${rate(events, ms).padStart(11)} |`;
const HEADER = ['| measure'.padEnd(61) + '| time    | events/s    |', `|${'-'.repeat(60)}|--------:|------------:|`];

const timed = async <T>(work: () => Promise<T>): Promise<[T, number]> => {
  const started = performance.now();
  const result = await work();
  return [result, performance.now() - started];
};

/** Reading the whole log in the rebuild's pages: no projection work. */
const readAll = async (t: StoreUnderTest) => {
  let cursor = START;
  for (;;) {
    const page = await t.store.readAll(cursor, 5000);
    if (page.events.length === 0) return;
    cursor = page.cursor;
  }
};

/** The plain-SQL fold: the last event of each stream (no typing, no merging of revisions, no tombstones). */
const sqlFold = async (t: StoreUnderTest) => {
  await sql`drop table if exists sql_fold`.execute(t.db);
  await sql`create temp table sql_fold as
    select distinct on (stream_id) stream_id, type, data from events order by stream_id, position desc`.execute(t.db);
};

/** A rebuild reads only the events its projections handle; its rate is over the whole log, as an operator sizes one. */
const rebuilt = async (t: StoreUnderTest, projections: readonly Projection[], events: number) => {
  const [{ applied }, ms] = await timed(() => rebuildProjections(t.db, t.store, projections));
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from events where type = any(${handledTypes(projections)}::text[])`.execute(t.db);
  const handled = rows[0]?.n;
  if (applied !== handled) throw new Error(`rebuild of ${projections.map((p) => p.name).join(', ')} read ${applied} events, the log has ${handled} of their types (of ${events})`);
  return ms;
};

/** A fresh store, filled, its baselines and rebuilds measured; the database dropped after. */
const onLog = async (fill: (t: StoreUnderTest) => Promise<number>, measure: (t: StoreUnderTest, events: number) => Promise<string[]>) => {
  const database = await testDatabase();
  const t = await withStore(database.url, { max: 8 });
  try {
    await prepareProjections(t.db, t.store, PROJECTIONS);
    const [events, fillMs] = await timed(() => fill(t));
    const lines = [
      row('read the whole log, pages of 5,000 (ceiling)', (await timed(() => readAll(t)))[1], events),
      row('plain-SQL fold (DISTINCT ON), baseline', (await timed(() => sqlFold(t)))[1], events),
      ...(await measure(t, events)),
    ];
    return { events, fillMs, lines };
  } finally {
    await t.close();
    await database.drop();
  }
};

const masterData = PROJECTIONS.filter((p) => MASTER_DATA_ENTITIES.some((e) => p.name === `${e.singular}_list`));

/** Every read model rebuilt on its own (`npm run erp -- rebuild <name>`), one after the other. */
const eachRebuiltAlone = async (t: StoreUnderTest, events: number) => {
  const lines: string[] = [];
  for (const projection of PROJECTIONS) lines.push(row(`  ${projection.name} alone`, await rebuilt(t, [projection], events), events));
  return lines;
};

const mixedLog = (shape: LogShape, total: number, eachAlone: boolean) =>
  onLog(
    (t) => fillLog(t, total, shape),
    async (t, events) => [
      row(`rebuild the ${masterData.length} master-data read models`, await rebuilt(t, masterData, events), events),
      row('rebuild the journal alone', await rebuilt(t, [journalProjection], events), events),
      row(`rebuild every read model (${PROJECTIONS.length}) in one pass (rebuild --all)`, await rebuilt(t, PROJECTIONS, events), events),
      ...(eachAlone ? await eachRebuiltAlone(t, events) : []),
    ],
  );

const print = (title: string, result: { events: number; fillMs: number; lines: string[] }) => {
  console.log(`\n${title}: ${result.events.toLocaleString('en-US')} events (filled in ${seconds(result.fillMs)})\n`);
  for (const line of [...HEADER, ...result.lines]) console.log(line);
};

/** `total` events per mixed log; the vendor log has 200,000. */
export const benchRebuild = async (total: number, only?: 'revised') => {
  if (only !== 'revised') print('Rebuild, every record created once (documents that allocate)', await mixedLog('created', total, false));
  print(
    'Rebuild, every record created and revised three times, revisions spread through the log (receipts and payments release and allocate again)',
    await mixedLog('revised', total, only !== 'revised'),
  );
  if (only === 'revised') return;
  const vendors = findProjection('vendor_list')!;
  print(
    "Rebuild, the issue's log: vendors alone, each created and revised three times (`npm run erp -- rebuild vendor_list`)",
    await onLog((t) => fillVendorLog(t, 200_000), async (t, events) => [row('rebuild vendor_list', await rebuilt(t, [vendors], events), events)]),
  );
};
