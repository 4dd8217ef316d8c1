import { z } from 'zod';

import { keyedAll } from '../documents/keyed';
import { GstSummarySchema } from './summary';
import { TIE_OUT_HEADS, TIE_OUT_REASONS } from './tie-out';

/** The GSTR-3B and tie-out routes' query: a month, YYYY-MM; GSTR-3B's `file=json` answers the portal JSON alone, as a file. */
export const GSTR3B_FILES = ['json'] as const;

const Amount = z.string().regex(/^-?\d+\.\d{2}$/);
const ItcBill = z.object({
  stream: z.string(),
  kind: z.enum(['bill', 'debit-note']),
  number: z.string(),
  date: z.string(),
  vendorGstin: z.string(),
  igst: Amount,
  cgst: Amount,
  sgst: Amount,
  cess: Amount,
});

/** GET /api/gst/gstr3b?period=YYYY-MM: the month's GSTR-3B. */
export const Gstr3bReportSchema = z.object({
  period: z.string(),
  gstin: z.string(),
  json: z.record(z.string(), z.unknown()).describe("The return in the GST portal's offline-utility format (sup_details, inter_sup, itc_elg, inward_sup, eco_dtls)"),
  payment: GstSummarySchema.shape.payment,
  itcBills: z.array(ItcBill).describe('The bills (and debit notes, below zero) whose credit 4(A)(5) counts'),
});
export type Gstr3bReport = z.output<typeof Gstr3bReportSchema>;

const Figures = z.object(keyedAll(TIE_OUT_HEADS, () => Amount));
const Side = z.object({
  books: Figures,
  gstr1: Figures.nullable(),
  gstr3b: Figures,
  differences: z.array(
    z.object({
      stream: z.string().nullable(),
      document: z.string(),
      date: z.string().nullable(),
      reason: z.enum(TIE_OUT_REASONS),
      explained: z.boolean(),
      books: Figures,
      gstr1: Figures.nullable(),
      gstr3b: Figures,
    }),
  ),
});

/** GET /api/gst/tie-out?period=YYYY-MM: books beside GSTR-1 and GSTR-3B. */
export const TieOutSchema = z.object({
  period: z.string(),
  ready: z.boolean().describe('True only when every difference is explained by a document'),
  outward: Side.describe('Sales: the journal (Sales, Sales Returns, Output GST) beside GSTR-1 and GSTR-3B 3.1'),
  input: Side.describe('Purchases: the journal (Input GST) beside GSTR-3B 4(C); GSTR-1 has no input side'),
});
export type TieOutReport = z.output<typeof TieOutSchema>;
