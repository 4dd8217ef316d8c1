import type { EventContext } from './projection';

/**
 * The replay guard of a row kept from one stream: an event at or below the version the row
 * already has is old news and changes nothing. Every create and update of such a row goes
 * through it, so re-applying any older event — a retried batch, a replayed log — is harmless.
 */
export const isReplay = (row: { readonly version?: unknown } | undefined, context: EventContext): boolean =>
  row !== undefined && typeof row.version === 'number' && row.version >= context.streamVersion;
