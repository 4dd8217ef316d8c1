import { z } from 'zod';

/** The home strip (DESIGN §3.6): real figures from a projection. */
export const HomeSummarySchema = z.object({
  salesThisMonth: z.string(),
  invoicesThisMonth: z.number().int(),
  unpaidInvoices: z.number().int(),
  /** What customers owe on active sales invoices (their balances due). */
  toCollect: z.string(),
  /** What we owe vendors on active purchase invoices. */
  toPay: z.string(),
  /** Follow-ups still pending dated today in India, and before today. */
  followUpsToday: z.number().int(),
  followUpsOverdue: z.number().int(),
});
export type HomeSummary = z.infer<typeof HomeSummarySchema>;
