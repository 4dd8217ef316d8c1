/**
 * Every advisory lock key of the product, in one place, so no two uses collide. Keys are
 * bigint (pg_advisory_*(bigint)); projection leadership uses checkpoint row locks instead.
 */
export const LOCK_KEYS = {
  /** DDL of the event store, at every start. */
  eventStoreSchema: 4242001,
  /** DDL of users, sessions, login throttling. */
  authSchema: 4242002,
  /** Serialises creating the first user. */
  firstUser: 4242003,
  /** Serialises preparing projection tables (create, version-bump rebuild). */
  projectionSchema: 4242004,
  /** DDL of the idempotency keys. */
  idempotencySchema: 4242005,
  /** Creating id sequences. */
  idSequences: 4242006,
  /** DDL of the webhooks and their deliveries. */
  webhookSchema: 4242007,
  /** DDL of the integration workers' checkpoints (the JetStream publisher, the webhook fan-out). */
  integrationSchema: 4242008,
  /** Held shared by every append until it commits: the reader horizon (schema.ts). */
  append: 4242100,
  /** With a hash of a stream id, a guard stream's lock (erp_guard in schema.ts; two int4 keys, apart from the bigint ones). */
  guard: 4242101,
} as const;
