import { z } from 'zod';

import { quantity, reference } from './amounts';
import type { NoteType, ReturnedLine } from './invoice-kind';
import type { LineBody } from './lines';

/**
 * A return's line as sent: the invoice's line and how many come back. Its item, name, HSN, unit,
 * rate, GST rate and discount are the invoice line's (the server copies them); anything else sent
 * on the line is ignored, as a line's `amount` is.
 */
export const ReturnedLineSchema = z.object({
  invoiceLineNo: reference('Choose the invoice line that comes back'),
  quantity: quantity(),
});

type Issue = { readonly path: (string | number)[]; readonly message: string };
const named = (value: unknown, key: string) => (typeof value === 'object' && value !== null ? Reflect.get(value, key) : undefined);

/**
 * A note's lines by its type: a return's name invoice lines (each at most once); a price
 * difference's are typed like an invoice's (with a GST rate when GST is charged) and name none.
 */
export const noteLineIssues = (noteType: NoteType, lines: readonly unknown[], gst: boolean, lineInput: z.ZodType<LineBody>): Issue[] => {
  const seen = new Set<number>();
  return lines.flatMap((raw, index): Issue[] => {
    const at = (path: readonly PropertyKey[]) => ['lines', index, ...path.filter((p): p is string | number => typeof p !== 'symbol')];
    if (noteType === 'return') {
      const parsed = ReturnedLineSchema.safeParse(raw);
      if (!parsed.success) return parsed.error.issues.map((i) => ({ path: at(i.path), message: i.message }));
      const again = seen.has(parsed.data.invoiceLineNo);
      seen.add(parsed.data.invoiceLineNo);
      return again ? [{ path: at(['invoiceLineNo']), message: 'This invoice line is already on another line' }] : [];
    }
    const parsed = lineInput.safeParse(raw);
    if (!parsed.success) return parsed.error.issues.map((i) => ({ path: at(i.path), message: i.message }));
    const lineNo = named(raw, 'invoiceLineNo');
    if (lineNo !== undefined && lineNo !== null && lineNo !== '') return [{ path: at(['invoiceLineNo']), message: 'A price difference names no invoice line: type what is credited' }];
    if (gst && parsed.data.gstRate === null) return [{ path: at(['gstRate']), message: 'Choose a GST rate' }];
    return [];
  });
};

/** The lines of a note whose lines passed `noteLineIssues`, typed. */
export const noteLinesOf = (noteType: NoteType, lines: readonly unknown[], lineInput: z.ZodType<LineBody>): { lines: LineBody[]; returned: ReturnedLine[] } =>
  noteType === 'return'
    ? { lines: [], returned: lines.map((l) => ReturnedLineSchema.parse(l)) }
    : { lines: lines.map((l) => lineInput.parse(l)), returned: [] };
