import type { HistoryEntry, RecordedEvent } from '@erp/contracts';

type Fields = Record<string, unknown>;

/**
 * One record's audit trail from its stream: who, when, and field by field what changed. The
 * before-values come from folding the earlier events, so update events stay small.
 */
export const historyOf = (events: readonly RecordedEvent[]): HistoryEntry[] => {
  let current: Fields = {};
  return events.map((event) => {
    const data = (event.data ?? {}) as Fields & { changes?: Fields };
    const after: Fields = event.type.endsWith('Created')
      ? { ...data }
      : event.type.endsWith('Deleted')
        ? {}
        : { ...current, ...(data.changes ?? {}) };
    const fields = event.type.endsWith('Deleted') ? [] : Object.keys(data.changes ?? data).filter((f) => f !== 'id');
    const changes = fields
      .filter((f) => (current[f] ?? null) !== (after[f] ?? null))
      .map((field) => ({ field, from: current[field] ?? null, to: after[field] ?? null }));
    current = after;
    return {
      position: event.position,
      version: event.streamVersion,
      type: event.type,
      at: event.metadata.at,
      user: event.metadata.username,
      changes,
    };
  });
};
