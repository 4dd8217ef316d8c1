import {
  compareMoney,
  conflict,
  decimal,
  type InvoiceData,
  type InvoiceLine,
  isOneOf,
  type LineBody,
  type Lodged,
  type ReturnedLine,
  rupees,
  subtractMoney,
  sumMoney,
  toMoney,
  UNITS,
  validationError,
} from '@erp/contracts';

/**
 * The rules that keep notes within what their invoice invoiced (issue 42), pure: a return's lines
 * copied from the invoice's, and the caps the invoice's decider holds every note to — the notes'
 * totals within its total, each line's returns within what it sold.
 */

/** The share a settling document or note holds on an invoice. */
export interface Share {
  readonly amount: string;
  readonly as: 'paid' | 'credited';
  /** A note's total and returned quantities, lodged on its invoice; null for money alone. */
  readonly lodged: Lodged | null;
}

/**
 * A return's lines, copied from its invoice's: item, name, description, HSN, unit, rate and GST
 * rate; the line's discount in proportion to the quantity returned (to the paisa, half-up). A
 * line the invoice does not have, or more than it sold, is refused on that line.
 */
export const returnedLines = (returned: readonly ReturnedLine[], invoice: { readonly number: string; readonly lines: readonly InvoiceLine[] }): LineBody[] =>
  returned.map((r, index) => {
    const line = invoice.lines.find((l) => l.lineNo === r.invoiceLineNo);
    if (!line) {
      const message = `Invoice ${invoice.number} has no line ${r.invoiceLineNo}`;
      throw validationError(message, [{ path: `lines.${index}.invoiceLineNo`, message }]);
    }
    if (decimal(r.quantity).gt(decimal(line.quantity))) {
      const message = `Only ${line.quantity} of ${line.itemName} (line ${line.lineNo}) were invoiced on ${invoice.number}`;
      throw validationError(message, [{ path: `lines.${index}.quantity`, message }]);
    }
    const discount = decimal(line.discount).eq(0) ? '0.00' : toMoney(decimal(line.discount).times(r.quantity).div(line.quantity));
    return {
      itemId: line.itemId,
      itemName: line.itemName,
      description: line.description,
      hsn: line.hsn,
      unit: typeof line.unit === 'string' && isOneOf(UNITS, line.unit) ? line.unit : null,
      quantity: r.quantity,
      rate: line.rate,
      discount,
      gstRate: line.gstRate,
      gstCategory: line.gstCategory,
      sourceLineNo: null,
    };
  });

/** How much of each invoice line the notes other than `by` returned. */
const returnedByOthers = (allocations: Readonly<Record<string, Share>>, by: string) => {
  const returned = new Map<number, ReturnType<typeof decimal>>();
  for (const [key, share] of Object.entries(allocations)) {
    if (key === by) continue;
    for (const l of share.lodged?.lines ?? []) returned.set(l.lineNo, (returned.get(l.lineNo) ?? decimal(0)).plus(decimal(l.quantity)));
  }
  return returned;
};

/** The notes' totals lodged on an invoice (all of them, or all but `by`'s). */
export const lodgedTotal = (allocations: Readonly<Record<string, Share>>, but?: string) =>
  sumMoney(Object.entries(allocations).flatMap(([key, s]) => (key !== but && s.lodged ? [s.lodged.total] : [])));

/** Each invoice line's quantity returned by notes so far. */
export const returnedQuantities = (allocations: Readonly<Record<string, Share>>) => returnedByOthers(allocations, '');

/**
 * A note lodged on its invoice, as the invoice's decider holds it (in the note's own append, so
 * two notes racing for the last of a line conflict and one is decided again): the notes' totals
 * within the invoice's total, each returned line within what it sold less the other notes'
 * returns. Refusals are 409s on the note's lines.
 */
export const checkLodge = (invoice: InvoiceData, allocations: Readonly<Record<string, Share>>, by: string, lodged: Lodged) => {
  // Each line first: its refusal says which line, and how many of it are left.
  const others = returnedByOthers(allocations, by);
  lodged.lines.forEach((l, index) => {
    const line = invoice.lines.find((i) => i.lineNo === l.lineNo);
    if (!line) {
      const message = `Invoice ${invoice.number} has no line ${l.lineNo}`;
      throw conflict(message, [{ path: `lines.${index}.invoiceLineNo`, message }]);
    }
    const before = others.get(l.lineNo) ?? decimal(0);
    const left = decimal(line.quantity).minus(before);
    if (decimal(l.quantity).gt(left)) {
      const message = `Only ${left.toString()} of ${line.itemName} (line ${line.lineNo}) can still be returned on invoice ${invoice.number}: ${line.quantity} sold, ${before.toString()} returned`;
      throw conflict(message, [{ path: `lines.${index}.quantity`, message }]);
    }
  });
  const room = subtractMoney(invoice.totalAmount, lodgedTotal(allocations, by));
  if (compareMoney(lodged.total, room) > 0) {
    const message = `Notes against invoice ${invoice.number} can total ${rupees(invoice.totalAmount)}: only ${rupees(room)} is left to credit`;
    throw conflict(message, [{ path: 'lines', message }]);
  }
};

/**
 * An invoice revised under its notes keeps what they lodged: its total at least their totals,
 * each returned line still there with at least what was returned.
 */
export const checkRevisionUnderNotes = (next: InvoiceData, allocations: Readonly<Record<string, Share>>) => {
  const noted = lodgedTotal(allocations);
  if (compareMoney(next.totalAmount, noted) < 0) {
    const message = `Notes of ${rupees(noted)} are against this invoice: its total cannot be lower than that`;
    throw conflict(message, [{ path: 'lines', message }]);
  }
  for (const [lineNo, quantity] of returnedQuantities(allocations)) {
    const line = next.lines.find((l) => l.lineNo === lineNo);
    if (!line || decimal(line.quantity).lt(quantity)) {
      const message = `${quantity.toString()} of line ${lineNo} came back on notes: keep that line with at least that quantity`;
      throw conflict(message, [{ path: 'lines', message }]);
    }
  }
};
