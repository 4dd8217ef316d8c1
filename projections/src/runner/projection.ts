import type { RecordedEvent } from '@erp/contracts';
import type { AnyDb } from '@erp/eventstore';

export type ProjectionHandler = (db: AnyDb, event: RecordedEvent) => Promise<void>;

/**
 * One read model (STYLE b.7). `handlers` is keyed by event type, so the handled types can never
 * drift from the code. Handlers get a schema-scoped handle: the same code fills the live tables
 * and a rebuild's shadow copy.
 */
export interface Projection {
  readonly name: string;
  /** Bump when the table shape or a handler changes: the runner rebuilds it from position 0. */
  readonly version: number;
  readonly tables: readonly string[];
  /** Creates the tables if missing, in the schema the handle is scoped to. */
  readonly migrate: (db: AnyDb, schema: string) => Promise<void>;
  readonly handlers: Readonly<Record<string, ProjectionHandler>>;
}
