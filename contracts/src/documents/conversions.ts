import Big from 'big.js';
import { z } from 'zod';

import { TEXT_MAX } from '../fields';
import { DateString, Id, indiaDate } from './amounts';
import type { Answer, Converted } from './invoice-kind';
import type { InvoiceLine } from './lines';

/**
 * Documents converted into others (issue 45): an estimate into an order or an invoice, an order
 * into invoices. The new document names its source and each line the source line it takes; the
 * source keeps what each document took (`converted` shares keyed by that document's stream), so
 * both show the link, and what is left of each line is never copied twice.
 */

const SourceObject = z.object({
  stream: z.string({ error: 'Name the kind of document it was made from' }).min(1).max(60),
  id: Id,
});
/** A source as answered: its kind's stream, id and number. */
export const SourceSchema = SourceObject.extend({ number: z.string() });
/**
 * A source as sent: the kind's stream (`estimate`) and the document's id, or its stream
 * (`estimate-3`, as the settling documents name theirs); as answered, its number is ignored.
 */
export const SourceInput = z.union(
  [
    SourceObject.extend({ number: z.string().max(TEXT_MAX.reference).optional() }).transform(({ stream, id }) => ({ stream, id })),
    z
      .string()
      .regex(/^[a-z][a-z-]{0,59}-[1-9]\d{0,9}$/, 'Name the document it was made from: estimate-3')
      .transform((key) => {
        const at = key.lastIndexOf('-');
        return { stream: key.slice(0, at), id: Number(key.slice(at + 1)) };
      }),
  ],
  { error: 'Name the document it was made from: {"stream": "estimate", "id": 3}' },
);

/** A document made from this one: its stream, number, and the lines it took. */
export const ConvertedToSchema = z.object({
  by: z.string(),
  number: z.string(),
  lines: z.array(z.object({ lineNo: z.number().int().positive(), quantity: z.string() })),
});
export type ConvertedTo = z.output<typeof ConvertedToSchema>;

/** A quotation's status: open, answered, or expired (past its date unanswered, as of today). */
export const ANSWERED_STATUSES = ['open', 'accepted', 'declined', 'expired'] as const;
/** An order's status: nothing converted yet, part of it, or all of its lines. */
export const CONVERTED_STATUSES = ['open', 'part', 'done'] as const;

/** How much of each source line the documents other than `but` took. */
export const convertedQuantities = (conversions: Readonly<Record<string, Converted>>, but = ''): Map<number, Big> => {
  const taken = new Map<number, Big>();
  for (const [by, converted] of Object.entries(conversions)) {
    if (by === but) continue;
    for (const l of converted.lines) taken.set(l.lineNo, (taken.get(l.lineNo) ?? new Big(0)).plus(new Big(l.quantity)));
  }
  return taken;
};

/** Lines with what later documents took of each and what is left (never below zero). */
export const linesLeft = (lines: readonly InvoiceLine[], conversions: Readonly<Record<string, Converted>>) => {
  const taken = convertedQuantities(conversions);
  return lines.map((line) => {
    const converted = taken.get(line.lineNo) ?? new Big(0);
    const left = new Big(line.quantity).minus(converted);
    return { ...line, convertedQuantity: converted.toString(), remainingQuantity: left.gt(0) ? left.toString() : '0' };
  });
};

/**
 * A quotation's or an order's status as of `now`: a kind that is answered is accepted once
 * answered so or converted, declined, expired after its date unanswered, open otherwise; any other
 * is open, part or done by what is left of its lines.
 */
export const quoteStatus = (
  doc: { readonly answers?: boolean },
  quote: { readonly lines: readonly InvoiceLine[]; readonly answer: Answer | null; readonly dueDate: string | null },
  conversions: Readonly<Record<string, Converted>>,
  now: Date,
): (typeof ANSWERED_STATUSES)[number] | (typeof CONVERTED_STATUSES)[number] => {
  const converted = Object.keys(conversions).length > 0;
  if (doc.answers) {
    if (quote.answer) return quote.answer;
    if (converted) return 'accepted';
    return quote.dueDate !== null && DateString.parse(quote.dueDate) < indiaDate(now) ? 'expired' : 'open';
  }
  if (!converted) return 'open';
  return linesLeft(quote.lines, conversions).every((l) => l.remainingQuantity === '0') ? 'done' : 'part';
};

/** The documents made from a source, as answered (the source's side of the link). */
export const convertedToAnswer = (conversions: Readonly<Record<string, Converted>>): ConvertedTo[] =>
  Object.entries(conversions).map(([by, c]) => ({ by, number: c.number, lines: [...c.lines] }));

/**
 * A quotation's or an order's answer besides what it says (the write side's and the read
 * side's): its status as of `now`, each line with what was converted and what is left, and the
 * documents made from it.
 */
export const quoteAnswer = (
  doc: { readonly answers?: boolean; readonly converts?: readonly string[] },
  quote: { readonly lines: readonly InvoiceLine[]; readonly answer?: Answer | null; readonly dueDate: string | null },
  conversions: Readonly<Record<string, Converted>>,
  now: Date,
) => ({
  status: quoteStatus(doc, { ...quote, answer: quote.answer ?? null }, conversions, now),
  lines: doc.converts ? linesLeft(quote.lines, conversions) : [...quote.lines],
  convertedTo: convertedToAnswer(conversions),
});
