import { JOURNAL_VOUCHER_EVENTS, JOURNAL_VOUCHER_STREAM } from '../books/vouchers';
import type { MasterDataEntity } from '../entity';
import { BUSINESS_STREAM, BusinessSavedSchema } from '../settings/business';
import { USER_EVENTS } from '../users';
import type { PublicEventType } from './webhooks';

interface Sources {
  readonly entities: readonly Pick<MasterDataEntity, 'module' | 'singular' | 'events'>[];
  readonly documents: readonly { readonly module: string; readonly stream: string; readonly events: { readonly types: readonly string[] } }[];
}

/**
 * Every event type the product publishes (issue 46): the events of each record stream that has
 * a subject (server/src/integration/subjects.ts) — master-data entities (created, updated,
 * deleted and their marks), documents, journal vouchers, the business profile and the users.
 */
export const publicEventTypes = (sources: Sources): readonly PublicEventType[] => [
  ...sources.entities.flatMap((e) =>
    [...Object.values(e.events.names), ...Object.keys(e.events.marks)].map((type) => ({ type, module: e.module, entity: e.singular })),
  ),
  ...sources.documents.flatMap((d) => d.events.types.map((type) => ({ type, module: d.module, entity: d.stream }))),
  ...Object.values(JOURNAL_VOUCHER_EVENTS).map((type) => ({ type, module: 'accounting', entity: JOURNAL_VOUCHER_STREAM })),
  { type: BusinessSavedSchema.shape.type.value, module: 'settings', entity: BUSINESS_STREAM },
  ...USER_EVENTS.map((type) => ({ type, module: 'settings', entity: 'user' })),
];

/** Each event type not in the published list, as a 400's issues: `eventTypes.1`, "Unknown event type: VendorCreatd". */
export const unknownEventTypes = (given: readonly string[] | undefined, published: readonly PublicEventType[]) => {
  const known = new Set(published.map((p) => p.type));
  return (given ?? []).flatMap((type, i) => (known.has(type) ? [] : [{ path: `eventTypes.${i}`, message: `Unknown event type: ${type}` }]));
};
