import { z } from 'zod';

/** An amount that may be below zero (a month with more credit notes than sales). */
const Amount = z.string().regex(/^-?\d+\.\d{2}$/);
const Heads = z.object({ igst: Amount, cgst: Amount, sgst: Amount });
const Totals = z.object({ taxableValue: Amount, cgst: Amount, sgst: Amount, igst: Amount });
const RateRow = Totals.extend({ rate: z.string() });

const HeadSetOff = z.object({
  liability: Amount,
  paidFromCredit: Heads.describe('The input tax credit of each head used against this head'),
  cash: Amount,
  credit: Amount,
  carriedForward: Amount,
});

/**
 * GET /api/reports/gst-summary: the figures of GSTR-3B for a period. Sales and purchases by rate,
 * the nil-rated, exempt and non-GST sales apart, and what to pay: output tax set off against input
 * tax credit in the order of CGST Act s.49(5) and Rule 88A (`setOff`), the rest in cash.
 */
export const GstSummarySchema = z.object({
  from: z.string(),
  to: z.string(),
  output: z.array(RateRow).describe('Taxable sales less credit notes, by rate (3.1(a))'),
  input: z.array(RateRow).describe('Purchases less debit notes, by rate (4(A)(5))'),
  reverseCharge: z.array(RateRow).describe('Purchases on reverse charge, by rate (3.1(d), 4(A)(3))'),
  totals: z.object({ output: Totals, input: Totals, reverseCharge: Totals }),
  otherOutward: z
    .object({ nilExempt: Amount.describe('Nil-rated and exempt (3.1(c))'), nonGst: Amount.describe('Non-GST (3.1(e))') })
    .describe('Sales that carry no GST, less credit notes'),
  payment: z.object({
    setOff: z.object({ heads: z.object({ igst: HeadSetOff, cgst: HeadSetOff, sgst: HeadSetOff }), cash: Amount, carriedForward: Amount }),
    reverseCharge: Heads.describe('Tax on reverse charge: paid in cash (s.49(4)), then credit'),
    cash: Heads.describe('What to pay in cash under each head: the set-off\'s rest plus the tax on reverse charge'),
    totalCash: Amount,
  }),
});
export type GstSummary = z.output<typeof GstSummarySchema>;
