import { GSTR2B_EVENTS, type Gstr2bEvent, Gstr2bEventSchema } from '@erp/contracts';

import { defineProjection } from '../runner/projection';
import { isReplay } from '../runner/replay-guard';
import { table } from '../runner/table';

/**
 * GSTR-2B's read side (issue 44 item 3): one row per return period with the documents of its last
 * 2B import, each document's last action (the owner's or an IMS file's, who and when) and the
 * tolerance. Matching against the bills is done when read.
 */
export const gstr2bPeriodsTable = table({
  name: 'gstr2b_periods',
  key: 'period',
  columns: {
    period: 'text',
    importId: 'integer',
    fileName: 'text',
    importedAt: 'timestamptz',
    importedBy: 'text',
    generatedOn: 'text',
    notRead: 'jsonb',
    documents: 'jsonb',
    /** `{ [key]: { action, by, at, source, portal } }`: `portal` the action an IMS file last gave. */
    actions: 'jsonb',
    tolerance: 'numeric',
    version: 'integer',
    updatedAt: 'timestamptz',
  },
  versioned: true,
});

type Read = Gstr2bEvent & { readonly by: string | null };

const EMPTY = { importId: null, fileName: null, importedAt: null, importedBy: null, generatedOn: null, notRead: [], documents: [], actions: {}, tolerance: null };

export const gstr2bProjection = defineProjection<Read>({
  name: gstr2bPeriodsTable.name,
  version: 1,
  tables: [gstr2bPeriodsTable],
  handles: Object.values(GSTR2B_EVENTS),
  decode: (stored) => {
    const parsed = Gstr2bEventSchema.safeParse(stored);
    return parsed.success ? { ...parsed.data, by: stored.metadata.username } : null;
  },
  rowsOf: (event) => [{ table: gstr2bPeriodsTable, key: event.data.period }],
  apply: (event, context, rows) => {
    const { period } = event.data;
    const row = rows.get(gstr2bPeriodsTable, period);
    if (isReplay(row, context)) return;
    const base = Object.assign({ period }, EMPTY, row, { version: context.streamVersion, updatedAt: context.at });
    const actions = (base.actions ?? {}) as Record<string, { readonly portal?: string | null }>;
    switch (event.type) {
      case GSTR2B_EVENTS.imported: {
        const { importId, fileName, generatedOn, notRead, documents } = event.data;
        rows.put(gstr2bPeriodsTable, Object.assign(base, { importId, fileName, generatedOn, notRead, documents, importedAt: context.at, importedBy: event.by }));
        return;
      }
      case GSTR2B_EVENTS.imsImported: {
        const imported = Object.fromEntries(event.data.statuses.map((s) => [s.key, { action: s.action, by: event.by, at: context.at, source: 'ims', portal: s.action }]));
        rows.put(gstr2bPeriodsTable, Object.assign(base, { actions: Object.assign({}, actions, imported) }));
        return;
      }
      case GSTR2B_EVENTS.actionTaken: {
        const portal = actions[event.data.key]?.portal ?? null;
        const taken = { [event.data.key]: { action: event.data.action, by: event.by, at: context.at, source: 'owner', portal } };
        rows.put(gstr2bPeriodsTable, Object.assign(base, { actions: Object.assign({}, actions, taken) }));
        return;
      }
      case GSTR2B_EVENTS.toleranceSet:
        rows.put(gstr2bPeriodsTable, Object.assign(base, { tolerance: event.data.tolerance }));
        return;
    }
  },
});
