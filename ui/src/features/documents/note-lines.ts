import { compareMoney, decimal, type InvoiceDocument, isDecimal, toMoney } from '@erp/contracts';

import type { LinesConfig, LineValues } from '@/components/entity-config';
import { invoiceLines } from '@/features/documents/invoice-lines';

const filled = (v: string | undefined) => v !== undefined && v.trim() !== '';
/** A line copied from the invoice: it names the invoice's line. */
const returned = (line: LineValues) => filled(line.invoiceLineNo);

/** An invoice as a return copies it: its lines, each with what notes already took back. */
export interface ReturnableInvoice {
  readonly taxMode: string;
  readonly placeOfSupply: string | null;
  readonly reverseCharge: boolean;
  readonly lines: readonly {
    readonly lineNo: number;
    readonly itemId: number | null;
    readonly itemName: string;
    readonly description: string | null;
    readonly hsn: string | null;
    readonly unit: string | null;
    readonly quantity: string;
    readonly rate: string;
    readonly discount: string;
    readonly gstRate: string;
    readonly returnedQuantity?: string;
  }[];
}

interface NoteLineRecord {
  readonly invoiceLineNo?: number;
  readonly itemId: number | null;
  readonly itemName: string;
  readonly description: string | null;
  readonly hsn: string | null;
  readonly unit: string | null;
  readonly quantity: string;
  readonly rate: string;
  readonly discount: string;
  readonly gstRate: string;
}

/**
 * A credit or debit note's lines (issue 42). A return's are copied from the invoice it is against
 * — every line with some left to return, and how many that is — and only how many come back is
 * typed (the item, rate and GST are the invoice's; the discount its share); a line left blank
 * does not come back. A price difference's are typed like an invoice's. Choosing the invoice or
 * the type copies them again.
 */
export const noteLines = <TRecord extends { lines: readonly NoteLineRecord[] }>(
  doc: InvoiceDocument,
  texts: {
    needSaved: string;
    usePartyGstin: (partyId: number) => string | null;
    /** The invoice chosen, with its lines (a hook; null while it loads or none is chosen). */
    useInvoice: (id: number) => ReturnableInvoice | null;
  },
): LinesConfig<TRecord> => {
  /** A returned line as it will be priced: its discount in proportion to what comes back. */
  const typed = (line: LineValues): LineValues => {
    if (!returned(line) || !isDecimal(line.quantity) || !isDecimal(line.soldQuantity) || compareMoney(line.soldQuantity!, 0) <= 0) return line;
    return { ...line, discount: toMoney(decimal(line.lineDiscount || '0').times(line.quantity!).div(line.soldQuantity!)) };
  };
  // A credit note is taxed where its invoice was (the server's rule): its totals show it so.
  const useInvoicePlaceOfSupply = (values: Record<string, unknown>) => texts.useInvoice(Number(values.invoiceId || 0))?.placeOfSupply ?? null;
  const base = invoiceLines<TRecord>(doc, { ...texts, typed, ...(doc.side === 'sales' ? { useInvoicePlaceOfSupply } : {}) });
  return {
    ...base,
    columns: [
      ...base.columns.map((column) => (column.name === 'quantity' ? column : { ...column, readOnlyWhen: returned })),
      { name: 'returnable', label: 'Can Return', kind: 'quantity', readOnlyWhen: () => true, showWhen: (values) => values.noteType !== 'price' },
    ],
    blank: { ...base.blank, invoiceLineNo: '', returnable: '', soldQuantity: '', lineDiscount: '' },
    fromRecord: (record) => {
      const lines = base.fromRecord(record);
      return record.lines.map((l, i) => ({ ...lines[i]!, invoiceLineNo: l.invoiceLineNo === undefined ? '' : String(l.invoiceLineNo), returnable: '', soldQuantity: '', lineDiscount: '' }));
    },
    problem: (line, values) => {
      if (!returned(line)) return base.problem(line, values);
      if (!filled(line.quantity)) return 'Please say how many come back';
      if (!isDecimal(line.quantity!) || compareMoney(line.quantity!, 0) <= 0) return 'Quantity must be more than 0';
      if (filled(line.returnable) && compareMoney(line.quantity!, line.returnable!) > 0) return `Only ${line.returnable} of ${line.itemName} can still come back`;
      return null;
    },
    toBody: (line) => (returned(line) ? { invoiceLineNo: Number(line.invoiceLineNo), quantity: line.quantity?.trim() } : base.toBody(line)),
    // A copied line nobody said a quantity for does not come back.
    skip: (line) => returned(line) && !filled(line.quantity),
    copyFrom: {
      key: (values) => `${String(values.invoiceId ?? '')}:${String(values.noteType ?? 'return')}`,
      useLines: (values) => {
        const invoice = texts.useInvoice(Number(values.invoiceId || 0));
        if (values.noteType === 'price') return { lines: [] };
        if (!invoice) return null;
        const lines = invoice.lines.flatMap((l): LineValues[] => {
          const left = decimal(l.quantity).minus(decimal(l.returnedQuantity ?? '0'));
          if (left.lte(0)) return [];
          return [{
            invoiceLineNo: String(l.lineNo),
            itemId: l.itemId === null ? '' : String(l.itemId),
            itemName: l.itemName,
            description: l.description ?? '',
            hsn: l.hsn ?? '',
            unit: l.unit ?? '',
            quantity: '',
            rate: l.rate,
            discount: '',
            gstRate: l.gstRate,
            returnable: left.toString(),
            soldQuantity: l.quantity,
            lineDiscount: l.discount,
          }];
        });
        // Taxed as the invoice was.
        const tax = doc.side === 'sales' ? { placeOfSupply: invoice.placeOfSupply ?? '' } : { reverseCharge: invoice.reverseCharge };
        return { lines, values: { taxMode: invoice.taxMode, ...tax } };
      },
    },
  };
};
