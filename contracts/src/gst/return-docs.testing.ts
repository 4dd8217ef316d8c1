// Documents for the return tests, priced the way the deciders price them (`priceDocument`).
import type { LineBody } from '../documents/lines';
import { priceDocument } from '../documents/pricing';
import type { Gstr1Document } from './gstr1';
import type { InwardDocument } from './gstr3b';
import type { GstCategory } from './tax';

/** The business: Maharashtra (27). */
export const OWN = '27AAPFU0939F1ZV';
export const MH_BUYER = '27ABCPT5678L1ZV';
export const KA_VENDOR = '29AAHCM7727Q1ZI';
const business = { state: '27', gstin: OWN, taxpayerType: 'regular' as const };

export interface LineSpec {
  readonly name: string;
  readonly qty: string;
  readonly rate: string;
  readonly gst: string;
  readonly category?: GstCategory;
}
export interface DocSpec {
  readonly id: number;
  readonly number: string;
  readonly date: string;
  /** The party's GSTIN; none: unregistered. */
  readonly party?: string | null;
  /** An unregistered party's state. */
  readonly pos?: string | null;
  readonly lines: readonly LineSpec[];
  readonly taxMode?: 'gst' | 'manual';
  readonly reverseCharge?: boolean;
  readonly againstId?: number;
}

const lineOf = (l: LineSpec): LineBody => ({
  itemId: null,
  itemName: l.name,
  description: null,
  hsn: '8516',
  unit: 'PC',
  quantity: l.qty,
  rate: l.rate,
  discount: '0.00',
  gstRate: l.gst,
  gstCategory: l.category ?? null,
  sourceLineNo: null,
});

const priced = (side: 'sales' | 'purchase', spec: DocSpec) => {
  const taxMode = spec.taxMode ?? 'gst';
  const input = { taxMode, taxAmount: '10.00', placeOfSupply: spec.pos ?? null, reverseCharge: spec.reverseCharge ?? false, lines: spec.lines.map(lineOf), invoicePlaceOfSupply: null };
  const result = priceDocument(side, input, business, spec.party ?? null);
  if (!result) throw new Error('unpriced');
  return {
    id: spec.id,
    partyId: 1,
    number: spec.number,
    date: spec.date,
    dueDate: null,
    texts: {},
    active: true,
    taxMode,
    againstId: spec.againstId ?? null,
    againstNumber: null,
    ...result,
  };
};

export const sale = (spec: DocSpec, kind: Gstr1Document['kind'] = 'invoice'): Gstr1Document => ({ kind, partyGstin: spec.party ?? null, series: 'INV/', data: priced('sales', spec) });
export const bill = (spec: DocSpec, kind: InwardDocument['kind'] = 'bill'): InwardDocument => ({ kind, partyGstin: spec.party ?? null, data: priced('purchase', spec) });
