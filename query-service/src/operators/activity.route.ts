import {
  type ActivityPage,
  type ActivityQuery,
  ActivityQuerySchema,
  type ActivityRow,
  api,
  BUSINESS_STREAM,
  type HistoryEntry,
  INVOICE_DOCUMENTS,
  JOURNAL_VOUCHER_STREAM,
  LOCK_SCOPE_LABELS,
  LOCK_SCOPES,
  LockEventSchema,
  lockStream,
  MASTER_DATA_ENTITIES,
  parseRecordStream,
  type RecordedEvent,
  REFUND_DOCUMENTS,
  SETTLEMENT_DOCUMENTS,
  taskSlug,
  tasksOf,
} from '@erp/contracts';
import type { EventStore } from '@erp/eventstore';
import type { ReadDb } from '@erp/projections';
import { badRequest } from '@erp/http-kit';
import type Router from '@koa/router';
import type { Context } from 'koa';
import { sql } from 'kysely';

import { documentHistory } from '../documents/document.routes';
import { invoiceChanges, refundChanges, settlementChanges } from '../documents/documents';
import { historyOf } from '../shared/history';

/** A kind of record as the activity log names it, with how to read what each of its events changed. */
interface Source {
  readonly module: string;
  readonly label: string;
  /** The task screen that lists it, if its module has one by that name. */
  readonly task: string | null;
  readonly history: (events: readonly RecordedEvent[]) => HistoryEntry[];
}

const taskOf = (module: string, plural: string) => (tasksOf(module).some((t) => taskSlug(t.name) === plural) ? plural : null);

/** What an event of a record with no field-by-field history changed: nothing named (the type says it). */
const eventsOnly = (events: readonly RecordedEvent[]): HistoryEntry[] =>
  events.map((e) => ({ position: e.position, version: e.streamVersion, type: e.type, at: e.metadata.at, user: e.metadata.username, changes: [] }));

/** Every kind of record by its stream prefix (`vendor`, `sales-invoice`). Claims of unique values are not activity. */
const SOURCES = new Map<string, Source>([
  ...MASTER_DATA_ENTITIES.map((e): [string, Source] => [e.singular, { module: e.module, label: e.label, task: taskOf(e.module, e.plural), history: (events) => historyOf(e, events) }]),
  ...INVOICE_DOCUMENTS.map((d): [string, Source] => [d.stream, { module: d.module, label: d.label, task: taskOf(d.module, d.plural), history: (events) => documentHistory(events, invoiceChanges(d)) }]),
  ...SETTLEMENT_DOCUMENTS.map((d): [string, Source] => [d.stream, { module: d.module, label: d.label, task: taskOf(d.module, d.plural), history: (events) => documentHistory(events, settlementChanges(d)) }]),
  ...REFUND_DOCUMENTS.map((d): [string, Source] => [d.stream, { module: d.module, label: d.label, task: taskOf(d.module, d.plural), history: (events) => documentHistory(events, refundChanges(d)) }]),
  [JOURNAL_VOUCHER_STREAM, { module: 'accounting', label: 'Journal Voucher', task: 'journal-vouchers', history: eventsOnly }],
]);
const BUSINESS: Source = { module: 'settings', label: 'Business Profile', task: null, history: eventsOnly };
/** A lock's change: the date before → after, and the reason for an unlock (issue 43). */
const lockHistory = (events: readonly RecordedEvent[]): HistoryEntry[] =>
  eventsOnly(events).map((entry, i) => {
    const event = LockEventSchema.safeParse(events[i]);
    if (!event.success) return entry;
    const { upTo, was, reason } = event.data.data;
    return { ...entry, changes: [{ field: 'upTo', from: was, to: upTo }, ...(reason ? [{ field: 'reason', from: null, to: reason }] : [])] };
  });
const LOCKS = new Map<string, Source>(LOCK_SCOPES.map((scope) => [lockStream(scope), { module: 'settings', label: LOCK_SCOPE_LABELS[scope].label, task: null, history: lockHistory }]));
const USER: Source = { module: 'settings', label: 'User', task: null, history: eventsOnly };

const sourceOf = (streamId: string): { source: Source; id: number | null } | null => {
  if (streamId === BUSINESS_STREAM) return { source: BUSINESS, id: null };
  const lock = LOCKS.get(streamId);
  if (lock) return { source: lock, id: null };
  const user = /^user:(\d+)$/.exec(streamId);
  if (user) return { source: USER, id: Number(user[1]) };
  const record = parseRecordStream(streamId);
  const source = record && SOURCES.get(record.prefix);
  return source ? { source, id: record.id } : null;
};

/** The modules that have records, for a filter by module (the event feed's). */
export const RECORD_MODULES: readonly string[] = [...new Set([...[...SOURCES.values()].map((s) => s.module), 'settings'])];

/** The streams of a module (or of all), as one anchored pattern for `stream_id ~`. */
export const streamPattern = (module?: string) => {
  const prefixes = [...SOURCES].filter(([, s]) => !module || s.module === module).map(([prefix]) => prefix);
  const records = prefixes.length > 0 ? [`^(${prefixes.join('|')})-[0-9]+$`] : [];
  const settings = !module || module === 'settings' ? [`^${BUSINESS_STREAM}$`, '^user:[0-9]+$', ...[...LOCKS.keys()].map((stream) => `^${stream}$`)] : [];
  const all = [...records, ...settings];
  return all.length > 0 ? all.join('|') : '^$';
};

interface Row {
  readonly position: string;
  readonly stream_id: string;
  readonly stream_version: number;
}

/**
 * The activity log (issue 23): the event log as people read it, newest first, each event with
 * its user, its record and what it changed. Read only up to the store's end cursor, below which
 * every event has committed: paging back by position never skips one that commits late.
 */
export const readActivity = async (db: ReadDb, store: EventStore, query: ActivityQuery): Promise<ActivityPage> => {
  const { user, module, record, from, to, before, limit } = query;
  const end = await store.endCursor();
  const { rows } = await sql<Row>`select position::text as position, stream_id, stream_version from events
    where position <= ${end.position}::bigint
      and (${before ?? null}::bigint is null or position < ${before ?? null}::bigint)
      and stream_id ~ ${streamPattern(module)}
      and (${record ?? null}::text is null or stream_id = ${record ?? null})
      and (${user ?? null}::text is null or metadata->>'username' = ${user ?? null})
      and (${from ?? null}::date is null or recorded_at >= (${from ?? null}::date::timestamp at time zone 'Asia/Kolkata'))
      and (${to ?? null}::date is null or recorded_at < ((${to ?? null}::date + 1)::timestamp at time zone 'Asia/Kolkata'))
    order by events.position desc limit ${limit + 1}`.execute(db);
  const page = rows.slice(0, limit);
  // Each record's stream is read once, up to its newest event on the page: what every event changed is folded from the first.
  const histories = new Map<string, Map<string, HistoryEntry>>();
  for (const streamId of new Set(page.map((r) => r.stream_id))) {
    const { events } = await store.readStream(streamId);
    const found = sourceOf(streamId);
    histories.set(streamId, new Map((found?.source.history(events) ?? []).map((h) => [h.position, h])));
  }
  return {
    rows: page.flatMap((r): ActivityRow[] => {
      const found = sourceOf(r.stream_id);
      const entry = histories.get(r.stream_id)?.get(r.position);
      if (!found || !entry) return [];
      const { source, id } = found;
      return [{ ...entry, streamId: r.stream_id, module: source.module, label: source.label, recordId: id, task: source.task }];
    }),
    next: rows.length > limit ? page.at(-1)!.position : null,
  };
};

export const activityRoute = (router: Router, db: ReadDb, store: EventStore) => {
  router.get(api.activity, async (ctx: Context) => {
    const parsed = ActivityQuerySchema.safeParse(ctx.query);
    if (!parsed.success) throw badRequest('Invalid query', parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })));
    ctx.body = await readActivity(db, store, parsed.data);
  });
};
