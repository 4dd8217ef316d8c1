import { z } from 'zod';

/** The home strip (DESIGN §3.6): real figures from a projection. */
export const HomeSummarySchema = z.object({
  salesThisMonth: z.string(),
  invoicesThisMonth: z.number().int(),
  unpaidInvoices: z.number().int(),
});
export type HomeSummary = z.infer<typeof HomeSummarySchema>;
