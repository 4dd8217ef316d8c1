import { customersEntity, vendorsEntity } from '@erp/contracts';
import { type Database, inProcessNotifier, postgresEventStore } from '@erp/eventstore';
import { allRows, buildInto, PROJECTIONS } from '@erp/projections';
import { sql } from 'kysely';

import type { WriteOutcome } from './fault-load';

/**
 * What a fault test proves once the load is over: the log holds every acknowledged write
 * exactly once and every unanswered one wholly or not at all, and the read models equal a
 * fresh rebuild from the log, row for row.
 */

interface LoggedEvent {
  readonly correlation: string;
  readonly type: string;
  readonly stream: string;
  readonly tx: string;
}

// A party's first use (issue 42) comes with whichever document names it first: not part of what
// a kind of write appends.
const FIRST_USES = new Set([customersEntity, vendorsEntity].flatMap((entity) => Object.keys(entity.events.marks)));
const signature = (events: readonly LoggedEvent[]) => events.filter((e) => !FIRST_USES.has(e.type)).map((e) => e.type).sort().join(' + ');

/** The problems found (empty when the log is right); `answered` counts 2xx writes found. */
export const checkLedger = async (database: Database, outcomes: readonly WriteOutcome[]) => {
  const { rows } = await sql<LoggedEvent>`select metadata->>'correlationId' as correlation, type, stream_id as stream,
    transaction_id::text as tx from events where metadata->>'correlationId' like 'fault-%' order by position`.execute(database.db);
  const byWrite = new Map<string, LoggedEvent[]>();
  for (const row of rows) byWrite.set(row.correlation, [...(byWrite.get(row.correlation) ?? []), row]);
  const problems: string[] = [];
  const acked = (o: WriteOutcome) => o.status !== null && o.status >= 200 && o.status < 300;
  // Writes of one kind append alike: the acknowledged ones say what "wholly there" looks like.
  const expected = new Map<string, string>();
  for (const o of outcomes.filter(acked)) {
    const events = byWrite.get(o.requestId) ?? [];
    if (events.length === 0) {
      problems.push(`${o.requestId} (${o.kind}) answered ${o.status} but is not in the log`);
      continue;
    }
    const seen = expected.get(o.kind);
    if (seen === undefined) expected.set(o.kind, signature(events));
    else if (seen !== signature(events)) problems.push(`${o.requestId} (${o.kind}) appended ${signature(events)}, others of its kind ${seen}`);
    if (o.stream && !events.some((e) => e.stream === o.stream)) problems.push(`${o.requestId} answered ${o.stream}, which it did not append to`);
  }
  for (const o of outcomes) {
    const events = byWrite.get(o.requestId) ?? [];
    // One write, one append: a retry that appended again would show a second transaction.
    if (new Set(events.map((e) => e.tx)).size > 1) problems.push(`${o.requestId} (${o.kind}) appended in ${new Set(events.map((e) => e.tx)).size} transactions`);
    if (acked(o) || events.length === 0) continue;
    const whole = expected.get(o.kind);
    if (whole !== undefined && whole !== signature(events)) problems.push(`${o.requestId} (${o.kind}, answered ${o.status}) is in the log in part: ${signature(events)} of ${whole}`);
  }
  const known = new Set(outcomes.map((o) => o.requestId));
  for (const id of byWrite.keys()) if (!known.has(id)) problems.push(`${id} is in the log but was never sent`);
  return { problems, unansweredInLog: outcomes.filter((o) => !acked(o) && byWrite.has(o.requestId)).length };
};

const SCRATCH = 'fault_check';

/**
 * Folds the whole log into a scratch schema (the blue-green rebuild's first half) and compares
 * every read-model table with the live one. Call it when the load is over and the projections
 * have caught up; answers the tables that differ and the position the rebuild reached. Folded
 * twice: as a rebuild does, and in batches of 50 with a cache of 25 rows, so rows leave it, are
 * written back and read again all through the log (row-cache.ts).
 */
export const compareWithRebuild = async (database: Database) => {
  const notifier = inProcessNotifier();
  const store = postgresEventStore(database, notifier, 'postgres');
  try {
    const differences: string[] = [];
    let rows = 0;
    let position = '';
    for (const options of [{}, { cacheRows: 25, batchSize: 50 }]) {
      const { cursor } = await buildInto(database.db, store, PROJECTIONS, SCRATCH, options);
      position = cursor.position;
      rows = 0;
      for (const table of PROJECTIONS.flatMap((p) => p.tables)) {
        const live = await allRows(database.db, 'public', table);
        const rebuilt = await allRows(database.db, SCRATCH, table);
        rows += live.length;
        if (JSON.stringify(live) !== JSON.stringify(rebuilt)) {
          const missing = rebuilt.filter((r) => !live.some((l) => JSON.stringify(l) === JSON.stringify(r)));
          differences.push(`${table.name} (cache ${options.cacheRows ?? 'default'}): ${live.length} live rows, ${rebuilt.length} rebuilt; first rebuilt row not live: ${JSON.stringify(missing[0])}`);
        }
      }
    }
    return { differences, rows, position };
  } finally {
    await sql`drop schema if exists ${sql.id(SCRATCH)} cascade`.execute(database.db);
    await notifier.close();
  }
};
