import { decimal, inReturns, type Itc, type TiedInward, toMoney } from '@erp/contracts';

import type { ReadDeps } from '../shared/read-your-writes';
import { gstr2bPeriod } from './gstr2b-read';
import { matchedItcForPeriod } from './matched-itc';

/** A bill (or debit note: its tax below zero) whose credit the month counts. */
export interface ItcBill {
  /** The journal's stream of the document (`purchase-invoice-7`). */
  readonly stream: string;
  readonly kind: 'bill' | 'debit-note';
  readonly number: string;
  readonly date: string;
  readonly vendorGstin: string;
  readonly igst: string;
  readonly cgst: string;
  readonly sgst: string;
  readonly cess: string;
}

export interface ItcForPeriod extends Itc {
  readonly bills: readonly ItcBill[];
}

/**
 * The one seam for input tax credit (GSTR-3B 4(A)(5), "all other ITC"): what a month may claim
 * per head, and the bills it counts. For now: bills (purchase invoices, expenses) less debit notes,
 * dated in the month, priced with GST by rate, from vendors with a GSTIN (not our own), not on
 * reverse charge (that credit is 4(A)(3), read with 3.1(d)). Once a GSTR-2B is imported for the month, only the bills
 * matched to it and accepted (matched-itc.ts). `inward`: the month's bills and debit notes as the
 * returns read them (read once for both).
 */
export const itcForPeriod = async (deps: Pick<ReadDeps, 'db'>, period: string, own: string, inward: readonly TiedInward[]): Promise<ItcForPeriod> => {
  const bills: ItcBill[] = [];
  for (const d of inward) {
    const vendorGstin = d.partyGstin?.trim().toUpperCase() ?? '';
    if (!vendorGstin || d.data.reverseCharge || d.data.supplyType === 'none' || !inReturns(d.data, vendorGstin, own)) continue;
    const signed = (x: string) => toMoney(decimal(x).times(d.kind === 'bill' ? 1 : -1));
    bills.push({
      stream: d.stream,
      kind: d.kind,
      number: d.data.number,
      date: d.data.date,
      vendorGstin,
      igst: signed(d.data.igst),
      cgst: signed(d.data.cgst),
      sgst: signed(d.data.sgst),
      cess: '0.00',
    });
  }
  // Once the month's GSTR-2B is imported, a bill's credit (a purchase invoice's, an expense's)
  // counts only when it is matched to the supplier's invoice there and accepted (IMS); debit notes
  // still reduce it. Both sides name a document by its stream, so equal ids of two kinds differ.
  const counted = (await gstr2bPeriod(deps, period)).imported
    ? new Set((await matchedItcForPeriod(deps, period)).counted.map((c) => c.stream))
    : null;
  const claimed = counted ? bills.filter((b) => b.kind === 'debit-note' || counted.has(b.stream)) : bills;
  const sum = (k: 'igst' | 'cgst' | 'sgst' | 'cess') => toMoney(claimed.reduce((s, b) => s.plus(decimal(b[k])), decimal(0)));
  return { igst: sum('igst'), cgst: sum('cgst'), sgst: sum('sgst'), cess: sum('cess'), bills: claimed };
};
