import type { InvoiceData } from '../documents/invoice-kind';
import type { InvoiceLine } from '../documents/lines';

/**
 * A document as the GST returns read it: the fields they use and no more (a month has 10,000
 * documents; every field read is parsed and kept). GSTR-3B, GSTR-1's sections of supplies and
 * the tie-out read a line's category, rate and figures (`SupplyLine`); GSTR-1's HSN summary also
 * its HSN, unit, name and quantity (`HsnLine`). A whole `InvoiceData` is one too.
 */
export type SupplyLine = Pick<InvoiceLine, 'gstCategory' | 'gstRate' | 'taxableValue' | 'igst' | 'cgst' | 'sgst'>;
export type HsnLine = SupplyLine & Pick<InvoiceLine, 'hsn' | 'unit' | 'itemName' | 'quantity'>;
/** The line fields in the order a reader lists them (`SupplyLine`'s, then `HsnLine`'s). */
export const SUPPLY_LINE_FIELDS = ['gstCategory', 'gstRate', 'taxableValue', 'igst', 'cgst', 'sgst'] as const satisfies readonly (keyof SupplyLine)[];
export const HSN_LINE_FIELDS = [...SUPPLY_LINE_FIELDS, 'hsn', 'unit', 'itemName', 'quantity'] as const satisfies readonly (keyof HsnLine)[];

export type ReturnData<L extends SupplyLine = HsnLine> = Pick<
  InvoiceData,
  'id' | 'number' | 'date' | 'active' | 'taxMode' | 'supplyType' | 'placeOfSupply' | 'reverseCharge' | 'totalAmount' | 'igst' | 'cgst' | 'sgst' | 'againstId'
> & { readonly lines: readonly L[] };
