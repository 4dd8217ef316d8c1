import { conflict, type Converted, convertedQuantities, decimal, type InvoiceChange, type InvoiceData, type InvoiceDocument, validationError } from '@erp/contracts';

import { sameValue } from '../shared/same-value';
import type { InvoiceState } from './invoice.decider';

/**
 * The rules of documents converted into others (issue 45), pure: a source gives each document
 * made from it no more of a line than is left (what others took stays taken), is not converted
 * once inactive or declined, and is not revised below what was taken. Refusals are 409s on the
 * new document's line that asks too much.
 */

/** What a new document asks of its source: each source line, the quantity, and the new document's line that asks it. */
export interface Asked {
  readonly lineNo: number;
  readonly quantity: string;
  /** The new document's line (its index), for the refusal's path. */
  readonly at: number;
}

/** The source a new document names, as its command read it (null: it does not exist). */
export interface SourceContext {
  readonly stream: string;
  readonly id: number;
  readonly number: string;
  readonly partyId: number;
  /** The way its kind moves stock (a challan: out); none when it moves none (an order). */
  readonly stock?: 'in' | 'out' | null;
  /** Its lines' items, when its stock moved: a line taken from one is the same item. */
  readonly lines?: readonly { readonly lineNo: number; readonly itemId: number | null; readonly itemName: string }[];
}

const plural = (n: string) => (decimal(n).eq(1) ? 'is' : 'are');

/** A new document's lines that name a source line, summed per source line (the first asking line keeps the path). */
export const askedOf = (lines: readonly { readonly quantity: string; readonly sourceLineNo?: number | null }[]): Asked[] => {
  const asked = new Map<number, Asked>();
  lines.forEach((line, at) => {
    if (!line.sourceLineNo) return;
    const before = asked.get(line.sourceLineNo);
    const quantity = before ? decimal(before.quantity).plus(decimal(line.quantity)).toString() : line.quantity;
    asked.set(line.sourceLineNo, { lineNo: line.sourceLineNo, quantity, at: before?.at ?? at });
  });
  return [...asked.values()];
};

/** A new document names a source of its own party; its lines name source lines only when it has one (400 otherwise). */
export const checkSource = (doc: Pick<InvoiceDocument, 'party'>, source: SourceContext | null, partyId: number, lines: readonly { readonly sourceLineNo?: number | null }[]) => {
  if (source && source.partyId !== partyId) {
    const message = `${source.number} is not this ${doc.party.label.toLowerCase()}'s`;
    throw validationError(message, [{ path: 'source', message }]);
  }
  const at = lines.findIndex((l) => l.sourceLineNo);
  if (!source && at >= 0) {
    const message = 'A line names a source line, but the document names no source';
    throw validationError(message, [{ path: `lines.${at}.sourceLineNo`, message }]);
  }
};

/**
 * Stock moves once (issue 45): a line taken from a source whose kind already moved that stock the
 * same way (goods sent on a challan, invoiced later) is marked `stockMoved` and moves none; a line
 * typed afresh, or taken from a source that moves no stock (an order), moves it as usual. Such a
 * line is the source line's item (400 on its item otherwise): another item's stock would not move.
 */
export const markStockMoved = <L extends { readonly sourceLineNo?: number; readonly itemId: number | null }>(
  doc: Pick<InvoiceDocument, 'stock'>,
  source: SourceContext | null,
  lines: readonly L[],
): L[] => {
  if (doc.stock === undefined || source === null || source.stock !== doc.stock) return [...lines];
  return lines.map((line, at) => {
    if (!line.sourceLineNo) return line;
    const taken = source.lines?.find((l) => l.lineNo === line.sourceLineNo);
    if (taken && taken.itemId !== line.itemId) {
      const message = `Line ${at + 1} takes line ${taken.lineNo} of ${source.number} (${taken.itemName}), whose stock went out with it: keep its item`;
      throw validationError(message, [{ path: `lines.${at}.itemId`, message }]);
    }
    return { ...line, stockMoved: true };
  });
};

/**
 * A document `by` takes lines of this source: each within what is left of it after the other
 * documents' (409 on the asking line, saying how many are left), none from an inactive or
 * declined source.
 */
export const checkConversion = (doc: Pick<InvoiceDocument, 'label'>, source: InvoiceData, conversions: Readonly<Record<string, Converted>>, by: string, asked: readonly Asked[]) => {
  const name = `${doc.label} ${source.number}`;
  if (!source.active || source.answer === 'declined') {
    const message = `${name} is ${source.active ? 'declined' : 'inactive'}: nothing can be made from it`;
    throw conflict(message, [{ path: 'source', message }]);
  }
  const others = convertedQuantities(conversions, by);
  for (const a of asked) {
    const line = source.lines.find((l) => l.lineNo === a.lineNo);
    if (!line) {
      const message = `${name} has no line ${a.lineNo}`;
      throw conflict(message, [{ path: `lines.${a.at}.sourceLineNo`, message }]);
    }
    const taken = others.get(a.lineNo) ?? decimal(0);
    const left = decimal(line.quantity).minus(taken);
    if (decimal(a.quantity).gt(left)) {
      const shown = left.gt(0) ? left.toString() : '0';
      const message = `Only ${shown} of ${line.itemName} (line ${line.lineNo}) ${plural(shown)} left on ${name}: ${line.quantity} on it, ${taken.toString()} already converted`;
      throw conflict(message, [{ path: `lines.${a.at}.quantity`, message }]);
    }
  }
};

/** A source revised after documents were made from it keeps what they took: active, each taken line with at least that quantity. */
export const checkRevisionUnderConversions = (doc: Pick<InvoiceDocument, 'label'>, next: InvoiceData, conversions: Readonly<Record<string, Converted>>) => {
  const made = Object.values(conversions).map((c) => c.number);
  if (made.length === 0) return;
  if (!next.active) {
    const message = `${made.join(', ')} ${made.length === 1 ? 'was' : 'were'} made from this ${doc.label.toLowerCase()}: it stays active`;
    throw conflict(message, [{ path: 'active', message }]);
  }
  for (const [lineNo, quantity] of convertedQuantities(conversions)) {
    const line = next.lines.find((l) => l.lineNo === lineNo);
    if (!line || decimal(line.quantity).lt(quantity)) {
      const message = `${quantity.toString()} of line ${lineNo} went into ${made.join(', ')}: keep that line with at least that quantity`;
      throw conflict(message, [{ path: 'lines', message }]);
    }
  }
};

/** A document made from this source (`by`: its stream) takes what it asks of its lines, within what is left. */
export const convert = (
  doc: Pick<InvoiceDocument, 'label' | 'converts' | 'party'>,
  state: InvoiceState,
  command: { readonly id: number; readonly by: string; readonly number: string; readonly partyId: number; readonly asked: readonly Asked[] },
): InvoiceChange[] => {
  const { id, by, number, partyId, asked } = command;
  if (state.status !== 'recorded' || !doc.converts) {
    const message = `${doc.label} ${id} not found`;
    throw validationError(message, [{ path: 'source', message }]);
  }
  if (state.invoice.partyId !== partyId) {
    const message = `${doc.label} ${state.invoice.number} is not this ${doc.party.label.toLowerCase()}'s`;
    throw validationError(message, [{ path: 'source', message }]);
  }
  checkConversion(doc, state.invoice, state.conversions, by, asked);
  const lines = asked.map((a) => ({ lineNo: a.lineNo, quantity: a.quantity }));
  if (sameValue(state.conversions[by], { number, lines })) return [];
  return [{ kind: 'converted', id, by, number, lines }];
};
