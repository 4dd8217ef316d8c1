import { type BusinessSaved, BusinessSavedSchema, BusinessSchema } from '@erp/contracts';

import { defineProjection } from '../runner/projection';
import { isReplay } from '../runner/replay-guard';
import { type ColumnKind, STREAM_ROW_COLUMNS, table } from '../runner/table';

const columns: Record<string, ColumnKind> = Object.fromEntries(Object.keys(BusinessSchema.shape).map((name) => [name, 'text']));

/** The business profile (Settings): one row, id 1, the latest save. */
export const businessTable = table({ name: 'business_profile', key: 'id', columns: { ...STREAM_ROW_COLUMNS, ...columns }, versioned: true });

export const businessProjection = defineProjection<BusinessSaved>({
  name: businessTable.name,
  // Version 2: receipt and payment prefixes. Version 3: the day the books begin (issue 43).
  // Version 4: the estimate and sale order prefixes (a new kind's series is a new column here).
  // Version 5: the purchase order and delivery challan prefixes.
  // Version 6: the expense and expense payment prefixes (issue 45).
  version: 6,
  tables: [businessTable],
  handles: ['BusinessProfileSaved'],
  decode: (stored) => BusinessSavedSchema.parse(stored),
  rowsOf: () => [{ table: businessTable, key: 1 }],
  apply: (event, context, rows) => {
    const row = rows.get(businessTable, 1);
    if (isReplay(row, context)) return;
    rows.put(businessTable, Object.assign({}, event.data, { id: 1, version: context.streamVersion, createdAt: row?.createdAt ?? context.at, updatedAt: context.at }));
  },
});
