import { z } from 'zod';

import { UNITS } from '../constants';
import { documentedAs } from '../documented';
import { NUMBER_TEXT_MAX, optionalTextInput, requiredTextInput, serverFilledInput, TEXT_MAX } from '../fields';
import { GST_CATEGORIES, gstCategoryOf, isGstRate, type TaxedLine, taxLine, type TaxRegime } from '../gst/tax';
import { decimal, lineAmount, toMoney } from '../money';
import { Id, MoneyString, moneyOrZero, optionalReference, quantity, requiredMoney } from './amounts';

/**
 * The lines of an invoice-like document (purchase and sales invoices, credit and debit notes):
 * what a person types (`lineBody`), and the line as recorded (`InvoiceLine`), every figure
 * computed by the server. A line with an item carries its HSN/SAC, unit and GST rate (filled in
 * from the item and editable); a free-text line carries what was typed.
 */

const HSN = /^(\d{4}|\d{6}|\d{8})$/;

export const lineBody = (defaultQuantity: string | undefined) =>
  z.object({
    /** The item sold or bought (its stock moves); blank for a free-text line. */
    itemId: optionalReference(),
    itemName: requiredTextInput('Item name is required'),
    description: optionalTextInput(TEXT_MAX.lineDescription),
    /** HSN for goods, SAC (99…) for services: 4, 6 or 8 digits. */
    hsn: optionalTextInput(8).refine((v) => v === null || HSN.test(v), { message: 'HSN/SAC must be 4, 6 or 8 digits' }),
    unit: z
      .union([z.enum(UNITS), z.literal(''), z.null()], { error: 'Please select a unit' })
      .optional()
      .transform((v) => v || null),
    quantity: defaultQuantity
      ? z.preprocess((v) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? defaultQuantity : v), quantity())
      : quantity(),
    rate: requiredMoney('Rate', 'Rate is required'),
    /** In rupees, off this line. */
    discount: moneyOrZero('Discount'),
    /** GST %: one of the rates in the law (GST_RATES); needed when the document charges GST. */
    gstRate: z
      .union([z.number(), z.string().max(8), z.null()], { error: 'Choose a GST rate' })
      .optional()
      .transform((v, ctx) => {
        const raw = v === null || v === undefined ? '' : String(v).trim();
        if (raw === '') return null;
        if (!isGstRate(raw)) {
          ctx.addIssue({ code: 'custom', message: 'Choose a GST rate from the list (0, 0.25, 3, 5, 12, 18, 28 or 40)' });
          return z.NEVER;
        }
        return String(Number(raw));
      }),
    /**
     * What kind of supply the line is (GSTR-1 table 8, GSTR-3B 3.1): taxable, nil-rated, exempt or
     * non-GST. Blank: nil-rated at 0 %, taxable otherwise. Nil, exempt and non-GST lines carry 0 %.
     */
    gstCategory: z
      .union([z.enum(GST_CATEGORIES), z.literal(''), z.null()], { error: 'Choose taxable, nil, exempt or non-gst' })
      .optional()
      .transform((v) => v || null),
    /** Converted from another document (`source`): the line of it this one takes. */
    sourceLineNo: z
      .union([z.number(), z.string().max(NUMBER_TEXT_MAX), z.null()], { error: 'Expected a line number' })
      .optional()
      .transform((v, ctx) => {
        if (v === null || v === undefined || v === '') return null;
        const n = Number(v);
        if (Number.isInteger(n) && n > 0) return n;
        ctx.addIssue({ code: 'custom', message: 'Expected a line number' });
        return z.NEVER;
      }),
    /** Ignored: the server computes every amount (DESIGN §4). */
    amount: serverFilledInput('Worked out by the server (quantity × rate − discount); a value sent is ignored'),
  })
  .superRefine((line, ctx) => {
    if (decimal(line.discount).gt(decimal(lineAmount(line.quantity, line.rate)))) {
      ctx.addIssue({ code: 'custom', path: ['discount'], message: 'The discount cannot be more than the line amount' });
    }
    const zeroRate = line.gstRate === null || decimal(line.gstRate).eq(0);
    if (line.gstCategory === 'taxable' && line.gstRate !== null && zeroRate) {
      ctx.addIssue({ code: 'custom', path: ['gstCategory'], message: 'A taxable line needs a GST rate above 0% (at 0%: nil, exempt or non-gst)' });
    }
    if (line.gstCategory !== null && line.gstCategory !== 'taxable' && !zeroRate) {
      ctx.addIssue({ code: 'custom', path: ['gstCategory'], message: 'A nil-rated, exempt or non-GST line carries no GST: its rate is 0%' });
    }
  });
export type LineBody = z.output<ReturnType<typeof lineBody>>;

/** A line as recorded and answered. Lines written before GST default to no item, no tax. */
export const InvoiceLineSchema = z
  .object({
    lineNo: z.number().int().positive(),
    itemId: Id.nullable().optional(),
    itemName: z.string(),
    description: z.string().nullable(),
    hsn: z.string().nullable().optional(),
    unit: z.string().nullable().optional(),
    quantity: z.string(),
    rate: MoneyString,
    discount: MoneyString.optional(),
    amount: MoneyString,
    taxableValue: MoneyString.optional(),
    gstRate: z.string().optional(),
    cgst: MoneyString.optional(),
    sgst: MoneyString.optional(),
    igst: MoneyString.optional(),
    gstCategory: z.enum(GST_CATEGORIES).optional(),
    /** A return's line: the invoice line it copies. */
    invoiceLineNo: z.number().int().positive().optional(),
    /** An invoice's line as answered: how much of it notes have returned so far. */
    returnedQuantity: z.string().optional(),
    /** Converted from another document: the line of it this one took. */
    sourceLineNo: z.number().int().positive().optional(),
    /** Taken from a source that already moved its stock the same way (a challan's goods, invoiced later): this line moves none. */
    stockMoved: z.boolean().optional(),
    /** A kind that converts, as answered: how much of the line later documents took, and what is left. */
    convertedQuantity: z.string().optional(),
    remainingQuantity: z.string().optional(),
  })
  .transform((line) => ({
    lineNo: line.lineNo,
    itemId: line.itemId ?? null,
    itemName: line.itemName,
    description: line.description,
    hsn: line.hsn ?? null,
    unit: line.unit ?? null,
    quantity: line.quantity,
    rate: line.rate,
    discount: line.discount ?? '0.00',
    amount: line.amount,
    taxableValue: line.taxableValue ?? toMoney(line.amount),
    gstRate: line.gstRate ?? '0',
    cgst: line.cgst ?? '0.00',
    sgst: line.sgst ?? '0.00',
    igst: line.igst ?? '0.00',
    // Lines recorded before the category was kept: nil-rated at 0 %, taxable otherwise.
    gstCategory: line.gstCategory ?? gstCategoryOf(line.gstRate ?? '0', null),
    ...(line.invoiceLineNo === undefined ? {} : { invoiceLineNo: line.invoiceLineNo }),
    ...(line.returnedQuantity === undefined ? {} : { returnedQuantity: line.returnedQuantity }),
    ...(line.sourceLineNo === undefined ? {} : { sourceLineNo: line.sourceLineNo }),
    ...(line.stockMoved === undefined ? {} : { stockMoved: line.stockMoved }),
    ...(line.convertedQuantity === undefined ? {} : { convertedQuantity: line.convertedQuantity, remainingQuantity: line.remainingQuantity ?? line.quantity }),
  }));
export type InvoiceLine = z.output<typeof InvoiceLineSchema>;

/** A line as answered (InvoiceLineSchema's output), for the OpenAPI document. */
const AnsweredLineSchema: z.ZodType<InvoiceLine> = z.object({
  lineNo: z.number().int().positive(),
  itemId: Id.nullable(),
  itemName: z.string(),
  description: z.string().nullable(),
  hsn: z.string().nullable(),
  unit: z.string().nullable(),
  quantity: z.string(),
  rate: MoneyString,
  discount: MoneyString,
  amount: MoneyString,
  taxableValue: MoneyString,
  gstRate: z.string(),
  cgst: MoneyString,
  sgst: MoneyString,
  igst: MoneyString,
  gstCategory: z.enum(GST_CATEGORIES),
  invoiceLineNo: z.number().int().positive().optional().describe("A return's line: the invoice line it copies"),
  returnedQuantity: z.string().optional().describe("An invoice's line: how much of it notes have returned so far"),
  sourceLineNo: z.number().int().positive().optional().describe('Converted from another document: the line of it this one took'),
  stockMoved: z.boolean().optional().describe('Taken from a source that already moved its stock (goods sent on a delivery challan, invoiced later): this line moves none'),
  convertedQuantity: z.string().optional().describe('A kind that converts: how much of the line later documents took'),
  remainingQuantity: z.string().optional().describe('A kind that converts: how much of the line is left to convert'),
});
documentedAs.add(InvoiceLineSchema, { output: AnsweredLineSchema });

/**
 * Prices the lines of a document. With GST each line is taxed on its own (`taxLine`, per line
 * and per component, half-up to the paisa); by hand (the seed's mode) a line is quantity × rate
 * less its discount and carries no tax (the document's tax is typed in whole).
 */
export const priceLines = (lines: readonly LineBody[], regime: TaxRegime | 'manual'): InvoiceLine[] =>
  lines.map((line, index) => {
    const taxed: TaxedLine =
      regime === 'manual'
        ? { ...taxLine({ quantity: line.quantity, rate: line.rate, discount: line.discount, gstRate: 0 }, 'none'), gstRate: line.gstRate ?? '0' }
        : taxLine({ quantity: line.quantity, rate: line.rate, discount: line.discount, gstRate: line.gstRate ?? '0' }, regime);
    return {
      lineNo: index + 1,
      itemId: line.itemId,
      itemName: line.itemName,
      description: line.description,
      hsn: line.hsn,
      unit: line.unit,
      quantity: line.quantity,
      rate: line.rate,
      ...taxed,
      gstCategory: gstCategoryOf(line.gstRate ?? '0', line.gstCategory),
      ...(line.sourceLineNo ? { sourceLineNo: line.sourceLineNo } : {}),
    };
  });
