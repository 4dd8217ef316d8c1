import { z } from 'zod';

import { optionalDateInput, requiredTextInput, TEXT_MAX } from '../fields';
import { Id, reference, requiredMoney } from './amounts';
import type { InvoiceDocument } from './invoice-kind';

/**
 * An opening invoice or bill as sent (issue 43): an open item of the old books, under its kind's
 * own field names — the party, the number typed from the old books, its date and due date, and
 * the amount still outstanding on the day the books begin.
 */
export interface OpeningItemBody {
  readonly partyId: number;
  readonly number: string;
  readonly date: string;
  readonly dueDate: string | null;
  readonly amount: string;
  readonly active: boolean;
}

const fieldOf = (value: object, name: string): unknown => Reflect.get(value, name);
const textOrNull = (value: unknown) => (typeof value === 'string' ? value : null);

/** Where a kind's opening items are recorded (POST) and changed (PUT /{id}): `/api/sales/opening-invoices`. */
export const openingItemsPath = (doc: Pick<InvoiceDocument, 'opening' | 'label'>) => {
  if (!doc.opening) throw new Error(`${doc.label}: a kind without opening items`);
  return doc.opening.path;
};

/** The body of a kind's opening item (the kind has `opening`). */
export const openingItemBody = (doc: Pick<InvoiceDocument, 'party' | 'numberField' | 'dateField' | 'numberLabel'>) =>
  z
    .object({
      [doc.party.field]: reference(doc.party.missing),
      [doc.numberField]: requiredTextInput(`${doc.numberLabel} is required`, TEXT_MAX.reference),
      [doc.dateField]: optionalDateInput(),
      dueDate: optionalDateInput(),
      amount: requiredMoney('Amount outstanding', 'Amount outstanding is required', { positive: true }),
      active: z.boolean({ error: 'Expected true or false' }).optional().default(true),
    })
    .superRefine((input, ctx) => {
      const date = fieldOf(input, doc.dateField);
      if (typeof date !== 'string') ctx.addIssue({ code: 'custom', path: [doc.dateField], message: 'Date is required' });
      const due = fieldOf(input, 'dueDate');
      if (typeof date === 'string' && typeof due === 'string' && due < date) {
        ctx.addIssue({ code: 'custom', path: ['dueDate'], message: 'Due date cannot be before the date' });
      }
    })
    .transform((input): OpeningItemBody => ({
      partyId: Id.parse(fieldOf(input, doc.party.field)),
      number: String(fieldOf(input, doc.numberField)),
      date: String(fieldOf(input, doc.dateField)),
      dueDate: textOrNull(fieldOf(input, 'dueDate')),
      amount: String(fieldOf(input, 'amount')),
      active: fieldOf(input, 'active') !== false,
    }));
