import { type MasterDataEntity, parseRecordStream } from '../entity';
import type { RecordedEvent } from '../events';

/**
 * Integration events (issue 23): every domain event of a record's stream, published after
 * commit as a public, versioned message on `erp.<module>.<entity>.<EventType>`. The payload's
 * shape is this file's; its `version` changes only when that shape does.
 */
export const INTEGRATION_SCHEMA_VERSION = 1;

/** The JetStream stream that keeps them (subjects `erp.*.*.*`), with the default prefix. */
export const INTEGRATION_STREAM = 'ERP_EVENTS';

/**
 * A deployment's NATS prefix (ERP_NATS_PREFIX, default `erp`): the first token of its subjects,
 * so two deployments on one NATS never mix their events. Letters, digits, `_` and `-`.
 */
export const DEFAULT_NATS_PREFIX = 'erp';
export const NATS_PREFIX_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;

/** The stream a prefix publishes to when ERP_INTEGRATION_STREAM does not say: `erp` → ERP_EVENTS, `shop-2` → SHOP_2_EVENTS. */
export const integrationStreamName = (prefix: string) => `${prefix.toUpperCase().replace(/-/g, '_')}_EVENTS`;

/** The stream's subjects for a prefix: four tokens, `<prefix>.<module>.<entity>.<Event>`; a consumer filters with `<prefix>.purchase.*.*`. */
export const integrationSubjectsOf = (prefix: string) => `${prefix}.*.*.*`;

export interface IntegrationEvent {
  /** The event id: the same on every redelivery; de-duplicate by it. */
  readonly id: string;
  /** Global log position (a decimal string): strictly increasing in publish order. */
  readonly position: string;
  readonly type: string;
  /** The integration payload's schema version (this shape), not the domain event's. */
  readonly version: number;
  readonly streamId: string;
  readonly streamVersion: number;
  /** When the command that made it was accepted (ISO 8601, UTC). */
  readonly at: string;
  readonly user: { readonly id: number | null; readonly name: string | null };
  readonly data: unknown;
}

/** Where each record stream's prefix belongs: `vendor` → purchase, `sales-invoice` → sales. */
export interface SubjectSources {
  readonly entities: readonly Pick<MasterDataEntity, 'module' | 'singular'>[];
  readonly documents: readonly { readonly module: string; readonly stream: string }[];
  /** Record streams of their own (`journal-voucher-3`), by prefix. */
  readonly others: Readonly<Record<string, string>>;
}

/** Streams with no id that are still public records: `business-profile`. */
const SINGLETONS: Readonly<Record<string, { module: string; entity: string }>> = {
  'business-profile': { module: 'settings', entity: 'business-profile' },
};

/**
 * The subject an event is published on, or null for an internal event: claims of unique
 * values (`vendor-gstin:…`) and document number series (`sales-invoice-series:2026-27`) are the
 * store's own bookkeeping — their facts reach integrators inside the record's own event.
 */
export const subjectResolver = (sources: SubjectSources, prefix = DEFAULT_NATS_PREFIX) => {
  const modules = new Map<string, string>([
    ...sources.entities.map((e) => [e.singular, e.module] as const),
    ...sources.documents.map((d) => [d.stream, d.module] as const),
    ...Object.entries(sources.others),
  ]);
  return (streamId: string, eventType: string): string | null => {
    // A subject token has no space, dot or wildcard: `Stock adjustmentCreated` is published on
    // `….Stock_adjustmentCreated` (the payload keeps the type as it is).
    const type = eventType.replace(/[\s.*>]/g, '_');
    const singleton = SINGLETONS[streamId];
    if (singleton) return `${prefix}.${singleton.module}.${singleton.entity}.${type}`;
    if (/^user:\d+$/.test(streamId)) return `${prefix}.settings.user.${type}`;
    const record = parseRecordStream(streamId);
    const module = record && modules.get(record.prefix);
    return module ? `${prefix}.${module}.${record.prefix}.${type}` : null;
  };
};

/** The public payload of a recorded event. */
export const toIntegrationEvent = (event: RecordedEvent): IntegrationEvent => ({
  id: event.eventId,
  position: event.position,
  type: event.type,
  version: INTEGRATION_SCHEMA_VERSION,
  streamId: event.streamId,
  streamVersion: event.streamVersion,
  at: event.metadata.at,
  user: { id: event.metadata.userId, name: event.metadata.username },
  data: event.data,
});
