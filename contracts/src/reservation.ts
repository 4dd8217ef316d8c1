import { z } from 'zod';

/**
 * Uniqueness by reservation (DESIGN §4): a unique value is claimed by appending to a stream
 * named after it, at the version the command read, in the same append as the record's event.
 * Changing the value releases the old claim in that append.
 */
const ReservationData = z.object({
  field: z.string(),
  value: z.string(),
  ownerId: z.number().int().positive(),
});

export const ReservationEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('UniqueValueClaimed'), data: ReservationData }),
  z.object({ type: z.literal('UniqueValueReleased'), data: ReservationData }),
]);
export type ReservationEvent = z.output<typeof ReservationEventSchema>;
