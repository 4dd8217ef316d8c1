import { z } from 'zod';

/**
 * A customer's or vendor's use (issue 42): the first document that names a party records
 * `CustomerUsed` (`VendorUsed`) on this stream, once, in the document's own append, and a delete
 * of an unused party records `CustomerUseClosed` here in its own: both take the stream's first
 * version, so the store's unique (stream, version) key lets only one of two racing appends in —
 * the other decides again, and finds the party used, or deleted. Not a record stream (no `-<id>`
 * ending), so never published: the store's own bookkeeping, like the claims of unique values.
 */
export const partyUseStream = (singular: string, id: number): string => `${singular}-use:${id}`;

/** `CustomerUsed`: data the party's id and the stream of the document that first named it. */
export const partyUsedType = (label: string): string => `${label}Used`;
/** `CustomerUseClosed`: the party is deleted; data its id. */
export const partyUseClosedType = (label: string): string => `${label}UseClosed`;

const PartyId = z.number().int().positive();
export const PartyUseEventSchema = z.union([
  z.object({ type: z.string().regex(/^[A-Z][A-Za-z]*Used$/), data: z.object({ id: PartyId, by: z.string() }) }),
  z.object({ type: z.string().regex(/^[A-Z][A-Za-z]*UseClosed$/), data: z.object({ id: PartyId }) }),
]);
export type PartyUseEvent = z.output<typeof PartyUseEventSchema>;
