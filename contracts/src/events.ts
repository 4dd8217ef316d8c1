import { z } from 'zod';

export const EventMetadataSchema = z.object({
  userId: z.number().int().nullable(),
  username: z.string().nullable(),
  correlationId: z.string(),
  at: z.string(),
  /** Only on a command sent with an Idempotency-Key: its request's hash (a retry is told from a reuse). */
  requestHash: z.string().optional(),
});
export type EventMetadata = z.infer<typeof EventMetadataSchema>;

/** A domain event as deciders produce it. */
export type DomainEvent<Type extends string = string, Data = unknown> = {
  readonly type: Type;
  readonly data: Data;
};

/** An event as the store returns it. */
export const RecordedEventSchema = z.object({
  position: z.string(),
  eventId: z.string(),
  streamId: z.string(),
  streamVersion: z.number().int(),
  type: z.string(),
  data: z.unknown(),
  metadata: EventMetadataSchema,
});
export type RecordedEvent<E extends DomainEvent = DomainEvent> = E & {
  readonly position: string;
  readonly eventId: string;
  readonly streamId: string;
  readonly streamVersion: number;
  readonly metadata: EventMetadata;
};

export const HistoryEntrySchema = z.object({
  position: z.string(),
  version: z.number().int(),
  type: z.string(),
  at: z.string(),
  user: z.string().nullable(),
  changes: z.array(z.object({ field: z.string(), from: z.unknown(), to: z.unknown() })),
});
export type HistoryEntry = z.infer<typeof HistoryEntrySchema>;
