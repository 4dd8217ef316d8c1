import type { HistoryEntry, MasterDataEntity, RecordedEvent } from '@erp/contracts';

type Fields = Record<string, unknown>;

/**
 * One record's audit trail from its stream: who, when, and field by field what changed. The
 * before-values come from folding the earlier events, so update events stay small.
 */
export const historyOf = (
  events: readonly RecordedEvent[],
  kinds: MasterDataEntity['events'],
): HistoryEntry[] => {
  let current: Fields = {};
  return events.map((event) => {
    const data = (event.data ?? {}) as Fields & { changes?: Fields };
    const created = event.type === kinds.created;
    const deleted = event.type === kinds.deleted;
    const after: Fields = created ? { ...data } : deleted ? {} : { ...current, ...(data.changes ?? {}) };
    const fields = deleted ? [] : Object.keys(created ? data : (data.changes ?? {})).filter((f) => f !== 'id');
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
