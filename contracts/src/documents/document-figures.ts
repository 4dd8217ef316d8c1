import { z } from 'zod';

import type { InvoiceDocument } from './invoice-kind';
import { InvoiceLineSchema } from './lines';

/** The figures every invoice-like record carries, as its list row or the API answers it. */
const Answered = z.object({
  taxMode: z.enum(['manual', 'gst']),
  supplyType: z.enum(['intra', 'inter', 'none']).nullable(),
  placeOfSupply: z.string().nullable(),
  reverseCharge: z.boolean(),
  subTotal: z.string(),
  cgst: z.string(),
  sgst: z.string(),
  igst: z.string(),
  taxAmount: z.string(),
  roundOff: z.string(),
  totalAmount: z.string(),
  balanceDue: z.string().optional(),
  againstNumber: z.string().nullable().optional(),
  lines: z.array(InvoiceLineSchema),
});

type Figured = Pick<InvoiceDocument, 'numberField' | 'dateField' | 'dueField' | 'texts'>;
/** A kind's own fields of a record (its number, date, due date and notes): one schema per kind, made once (GSTR-1 reads 10,000 records). */
const namedSchemas = new WeakMap<Figured, z.ZodType<Record<string, string | null | undefined>>>();
const namedOf = (doc: Figured) => {
  const known = namedSchemas.get(doc);
  if (known) return known;
  const shape: Record<string, z.ZodType<string | null | undefined>> = { [doc.numberField]: z.string(), [doc.dateField]: z.string(), [doc.dueField]: z.string().nullable() };
  if (doc.texts.includes('notes')) shape.notes = z.string().nullable().optional();
  const schema = z.object(shape);
  namedSchemas.set(doc, schema);
  return schema;
};

/** Any invoice-like document as its list row or the API answers it → its number, date, tax and lines (printable or not: GST returns read bills too). */
export const documentFiguresOf = (doc: Figured, record: unknown) => {
  const r = Answered.parse(record);
  const named = namedOf(doc).parse(record);
  return {
    number: named[doc.numberField]!,
    date: named[doc.dateField]!,
    dueDate: named[doc.dueField] ?? null,
    taxMode: r.taxMode,
    supplyType: r.supplyType,
    placeOfSupply: r.placeOfSupply,
    reverseCharge: r.reverseCharge,
    againstNumber: r.againstNumber ?? null,
    subTotal: r.subTotal,
    cgst: r.cgst,
    sgst: r.sgst,
    igst: r.igst,
    taxAmount: r.taxAmount,
    roundOff: r.roundOff,
    totalAmount: r.totalAmount,
    balanceDue: r.balanceDue ?? null,
    notes: named.notes ?? null,
    lines: r.lines,
  };
};
