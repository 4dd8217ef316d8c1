import { type Side, supplyOf } from '../gst/supply';
import { taxTotals, type TaxRegime } from '../gst/tax';
import { sumMoney, toMoney } from '../money';
import type { Business } from '../settings/business';
import { type InvoiceLine, type LineBody, priceLines } from './lines';

/** What pricing a document reads from its body. */
export interface PricingInput {
  readonly taxMode: 'manual' | 'gst';
  /** Typed by hand (manual mode only). */
  readonly taxAmount: string;
  readonly placeOfSupply: string | null;
  readonly reverseCharge: boolean;
  readonly lines: readonly LineBody[];
  /**
   * A credit note: the place of supply of the invoice it is against (null when that invoice's tax
   * was typed by hand). The note adjusts that supply (CGST Act s.34), so it is taxed where the
   * invoice was: the same state, CGST + SGST or IGST as the invoice, whatever the form left blank.
   */
  readonly invoicePlaceOfSupply?: string | null;
}

/** A document's money, every figure as it is recorded. */
export interface Priced {
  readonly supplyType: TaxRegime | null;
  readonly placeOfSupply: string | null;
  readonly reverseCharge: boolean;
  readonly lines: InvoiceLine[];
  readonly subTotal: string;
  readonly cgst: string;
  readonly sgst: string;
  readonly igst: string;
  readonly taxAmount: string;
  readonly roundOff: string;
  /** What the party owes (or is owed, for a note). */
  readonly totalAmount: string;
}

/**
 * Prices a document (the decider records this; the form shows it as it is typed): with GST each
 * line taxed by the place of supply and the total rounded to the rupee; on reverse charge the
 * party is owed the taxable value (the tax is the buyer's to pay); by hand (the seed's way) the
 * lines' sum plus the tax as typed. Null when GST is asked for but the business has not said
 * where it is.
 */
export const priceDocument = (
  side: Side,
  input: PricingInput,
  business: Pick<Business, 'state' | 'gstin' | 'taxpayerType'> | null,
  partyGstin: string | null,
): Priced | null => {
  if (input.taxMode === 'manual') {
    const lines = priceLines(input.lines, 'manual');
    const subTotal = taxTotals(lines).taxableValue;
    const taxAmount = toMoney(input.taxAmount);
    const zero = '0.00';
    return { supplyType: null, placeOfSupply: null, reverseCharge: false, lines, subTotal, cgst: zero, sgst: zero, igst: zero, taxAmount, roundOff: zero, totalAmount: sumMoney([subTotal, taxAmount]) };
  }
  const original = side === 'sales' ? (input.invoicePlaceOfSupply ?? null) : null;
  const supply = original
    ? supplyOf(side, business, null, original, input.reverseCharge)
    : supplyOf(side, business, partyGstin, input.placeOfSupply, input.reverseCharge);
  if (!supply) return null;
  const lines = priceLines(input.lines, supply.regime);
  const totals = taxTotals(lines);
  const owed = input.reverseCharge ? taxTotals(lines.map((l) => ({ ...l, cgst: '0.00', sgst: '0.00', igst: '0.00' }))) : totals;
  return {
    supplyType: supply.regime,
    placeOfSupply: supply.placeOfSupply,
    reverseCharge: input.reverseCharge,
    lines,
    subTotal: totals.taxableValue,
    cgst: totals.cgst,
    sgst: totals.sgst,
    igst: totals.igst,
    taxAmount: totals.taxAmount,
    roundOff: owed.roundOff,
    totalAmount: owed.totalAmount,
  };
};
