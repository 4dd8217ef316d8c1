import { INVOICE_DOCUMENTS, MASTER_DATA_ENTITIES, MODULES, REFUND_DOCUMENTS, SETTLEMENT_DOCUMENTS } from '@erp/contracts';

export interface EventTypeGroup {
  readonly module: string;
  readonly title: string;
  readonly types: readonly string[];
}

/**
 * The event types a webhook can ask for, by module, from the contracts' own lists: each
 * master-data entity's Created/Updated/Deleted and marks, each document's events.
 */
export const EVENT_TYPE_GROUPS: readonly EventTypeGroup[] = (() => {
  const byModule = new Map<string, string[]>();
  const add = (module: string, types: readonly string[]) => byModule.set(module, [...(byModule.get(module) ?? []), ...types]);
  for (const entity of MASTER_DATA_ENTITIES) {
    const { created, updated, deleted } = entity.events.names;
    add(entity.module, [created, updated, deleted, ...Object.keys(entity.marks ?? {})]);
  }
  for (const doc of [...INVOICE_DOCUMENTS, ...SETTLEMENT_DOCUMENTS, ...REFUND_DOCUMENTS]) add(doc.module, doc.events.types);
  return MODULES.filter((m) => byModule.has(m.name)).map((m) => ({ module: m.name, title: m.title, types: [...new Set(byModule.get(m.name))] }));
})();
