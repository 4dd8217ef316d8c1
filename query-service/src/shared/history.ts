import { type FieldValues, type HistoryEntry, type MasterDataEntity, readMasterDataEvent, type RecordedEvent } from '@erp/contracts';

/**
 * One record's audit trail from its stream: who, when, and field by field what changed. Each
 * event is read through the entity's schema; the before-values come from folding the earlier
 * events, so update events stay small.
 */
export const historyOf = (entity: MasterDataEntity, events: readonly RecordedEvent[]): HistoryEntry[] => {
  let current: FieldValues = {};
  return events.map((event) => {
    const change = readMasterDataEvent(entity, event);
    const after: FieldValues =
      change?.kind === 'created' ? change.values : change?.kind === 'updated' ? { ...current, ...change.changes } : change?.kind === 'deleted' ? {} : current;
    const touched = change?.kind === 'created' ? change.values : change?.kind === 'updated' ? change.changes : {};
    const changes = Object.keys(touched)
      .filter((field) => (current[field] ?? null) !== (after[field] ?? null))
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
