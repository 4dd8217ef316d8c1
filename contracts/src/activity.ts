import { z } from 'zod';

import { inOrder, isAcceptedDate, queryDateMessage } from './dates';
import { ACTOR_MAX } from './api-keys';
import { HistoryEntrySchema } from './events';

/** One change in the activity log: who did what to which record, when, field by field. */
export const ActivityRowSchema = HistoryEntrySchema.extend({
  streamId: z.string(),
  /** The module the record belongs to (`purchase`), or `settings` for the profile and the users. */
  module: z.string(),
  /** What kind of record: 'Vendor', 'Sales Invoice', 'User'. */
  label: z.string(),
  recordId: z.number().int().nullable(),
  /** The task screen that opens the record (`vendors`), when there is one. */
  task: z.string().nullable(),
});
export type ActivityRow = z.infer<typeof ActivityRowSchema>;

/** A page of the activity log, newest first; `next` is the `before` of the page after it (null at the start of the log). */
export const ActivityPageSchema = z.object({ rows: z.array(ActivityRowSchema), next: z.string().nullable() });
export type ActivityPage = z.infer<typeof ActivityPageSchema>;

/** A day of the filter: a real one of the accepted years (PostgreSQL would fail on 2026-13-45). */
const day = (label: string) => z.string().refine(isAcceptedDate, queryDateMessage(label)).optional();

/**
 * `GET /api/activity` filters: who, which module, which record (`vendor-3`), dates in India (from
 * on or before to), paging. A page costs its `limit` whatever the dates, so they need no longest span.
 */
export const ActivityQuerySchema = z
  .object({
    // Who acted: a username, or a key's actor (`API key <name>`, the longest).
    user: z.string().trim().min(1).max(ACTOR_MAX).optional(),
    module: z.string().regex(/^[a-z]{1,40}$/, 'Expected a module name').optional(),
    record: z.string().regex(/^[a-z][a-z-]{0,60}(-\d{1,10}|:\d{1,10})$/, 'Expected a record like vendor-3').optional(),
    from: day('From'),
    to: day('To'),
    before: z.string().regex(/^[1-9]\d{0,17}$/, 'Expected the next of the previous page').optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  })
  .refine((q) => !q.from || !q.to || inOrder(q.from, q.to), { path: ['from'], message: 'From must be on or before To' });
export type ActivityQuery = z.infer<typeof ActivityQuerySchema>;
