import { GST_FILING_EVENTS, type GstReturnFiled, GstReturnFiledSchema } from '@erp/contracts';

import { defineProjection } from '../runner/projection';
import { isReplay } from '../runner/replay-guard';
import { table } from '../runner/table';

/**
 * Periods as filed (issue 44 item 4): one row per return and month marked filed, with its ARN,
 * the filing date, who marked it and when, and the return's JSON exactly as the event keeps it.
 */
export const gstFilingsTable = table({
  name: 'gst_filings',
  key: 'key',
  columns: {
    /** `gstr1:2026-08`. */
    key: 'text',
    returnType: 'text',
    period: 'text',
    arn: 'text',
    filedOn: 'text',
    /** The log position the return was computed at. */
    position: 'text',
    json: 'jsonb',
    markedAt: 'timestamptz',
    markedBy: 'text',
    version: 'integer',
    updatedAt: 'timestamptz',
  },
  versioned: true,
});

type Read = GstReturnFiled & { readonly by: string | null };

export const gstFilingsProjection = defineProjection<Read>({
  name: gstFilingsTable.name,
  version: 1,
  tables: [gstFilingsTable],
  handles: Object.values(GST_FILING_EVENTS),
  decode: (stored) => {
    const parsed = GstReturnFiledSchema.safeParse(stored);
    return parsed.success ? { ...parsed.data, by: stored.metadata.username } : null;
  },
  rowsOf: (event) => [{ table: gstFilingsTable, key: `${event.data.return}:${event.data.period}` }],
  apply: (event, context, rows) => {
    const key = `${event.data.return}:${event.data.period}`;
    const row = rows.get(gstFilingsTable, key);
    if (isReplay(row, context)) return;
    const { return: ret, period, arn, filedOn, position, json } = event.data;
    rows.put(gstFilingsTable, { key, returnType: ret, period, arn, filedOn, position, json, markedAt: context.at, markedBy: event.by, version: context.streamVersion, updatedAt: context.at });
  },
});
