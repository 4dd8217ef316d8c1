import { describe, expect, it } from 'vitest';

import { lineBody } from './lines';
import { priceDocument } from './pricing';

const line = lineBody('1');
const business = { state: '27', gstin: '27AAPFU0939F1ZV', taxpayerType: 'regular' as const };
const lines = [
  line.parse({ itemName: 'Tea', hsn: '0902', quantity: '2', rate: '50.05', gstRate: '5' }),
  line.parse({ itemName: 'Notebooks', hsn: '4820', quantity: '7', rate: '33.13', gstRate: '12' }),
  line.parse({ itemName: 'Electric kettle', hsn: '8516', quantity: '3', rate: '411.59', gstRate: '18' }),
];
const gst = { taxMode: 'gst' as const, taxAmount: '0', placeOfSupply: null, reverseCharge: false, lines };

describe('priceDocument (what the form shows is what the decider records)', () => {
  it('prices the worked example: CGST and SGST within Maharashtra, 1,821.86 → 1,822.00', () => {
    expect(priceDocument('sales', gst, business, '27ABCPT5678L1ZV')).toMatchObject({
      supplyType: 'intra',
      placeOfSupply: '27',
      subTotal: '1566.78',
      cgst: '127.54',
      sgst: '127.54',
      igst: '0.00',
      taxAmount: '255.08',
      roundOff: '0.14',
      totalAmount: '1822.00',
    });
  });

  it('takes the tax as typed in manual mode (the seed), with no round off', () => {
    expect(priceDocument('sales', { ...gst, taxMode: 'manual', taxAmount: '10.05' }, null, null)).toMatchObject({
      supplyType: null,
      subTotal: '1566.78',
      taxAmount: '10.05',
      roundOff: '0.00',
      totalAmount: '1576.83',
    });
  });

  it('cannot charge GST before the business says where it is', () => {
    expect(priceDocument('sales', gst, null, null)).toBeNull();
  });

  it('on reverse charge the vendor is owed the taxable value, rounded; the tax is still worked out', () => {
    // IGST per line at the full rate: 5.01 + 27.83 + 222.26 (not twice the halves' 127.54).
    expect(priceDocument('purchase', { ...gst, reverseCharge: true }, business, '29AAPFU0939F1ZR')).toMatchObject({
      supplyType: 'inter',
      igst: '255.10',
      taxAmount: '255.10',
      roundOff: '0.22',
      totalAmount: '1567.00',
    });
  });

  it('a discount lowers the taxable value before tax', () => {
    const discounted = [line.parse({ itemName: 'Kettle', quantity: '1', rate: '1000', discount: '100', gstRate: '18' })];
    expect(priceDocument('sales', { ...gst, lines: discounted }, business, null)).toMatchObject({ subTotal: '900.00', cgst: '81.00', sgst: '81.00', totalAmount: '1062.00' });
  });

  it('a discount above the line amount is refused on the line', () => {
    expect(line.safeParse({ itemName: 'Kettle', quantity: '1', rate: '10', discount: '11' }).error?.issues[0]).toMatchObject({
      path: ['discount'],
      message: 'The discount cannot be more than the line amount',
    });
  });

  it('a credit note is taxed where its invoice was (CGST Act s.34: it adjusts that supply), not at the business\'s state', () => {
    // The invoice: to an unregistered buyer in Karnataka (29), IGST (IGST Act s.10(1)(ca), s.7(1)).
    // The note, nothing typed for its place of supply: still 29, IGST at the full rate per line —
    // 5.01 + 27.83 + 222.26 = 255.10 (gst.spec.ts's inter-state vector), not CGST + SGST at 27.
    const note = { ...gst, invoicePlaceOfSupply: '29' };
    expect(priceDocument('sales', note, business, null)).toMatchObject({ supplyType: 'inter', placeOfSupply: '29', cgst: '0.00', sgst: '0.00', igst: '255.10' });
    // Within the state the invoice was intra, and so is its note; a registered buyer's note follows its invoice too.
    expect(priceDocument('sales', { ...gst, invoicePlaceOfSupply: '27' }, business, null)).toMatchObject({ supplyType: 'intra', placeOfSupply: '27', cgst: '127.54' });
    expect(priceDocument('sales', note, business, '29AAHCM7727Q1ZI')).toMatchObject({ supplyType: 'inter', placeOfSupply: '29' });
    // A purchase's debit note is not a sale: the vendor's state decides, as before.
    expect(priceDocument('purchase', note, business, '27ABCPT5678L1ZV')).toMatchObject({ supplyType: 'intra', placeOfSupply: '27' });
  });
});

describe('a line\'s kind of supply (GSTR-1 table 8): taxable, nil-rated, exempt, non-GST', () => {
  const priced = (input: Record<string, unknown>) => priceDocument('sales', { ...gst, lines: [line.parse({ itemName: 'Rice', quantity: '1', rate: '100', ...input })] }, business, null)!.lines[0];

  it('blank: nil-rated at 0 %, taxable above; exempt and non-GST as chosen, at 0 %', () => {
    expect(priced({ gstRate: '0' })).toMatchObject({ gstCategory: 'nil', gstRate: '0', cgst: '0.00' });
    expect(priced({ gstRate: '5' })).toMatchObject({ gstCategory: 'taxable', cgst: '2.50' });
    expect(priced({ gstRate: '0', gstCategory: 'exempt' })).toMatchObject({ gstCategory: 'exempt', taxableValue: '100.00' });
    expect(priced({ gstRate: '0', gstCategory: 'non-gst' })).toMatchObject({ gstCategory: 'non-gst' });
  });

  it('refuses a category that contradicts the rate, and one not in the list, on gstCategory', () => {
    const issues = (input: Record<string, unknown>) => line.safeParse({ itemName: 'Rice', quantity: '1', rate: '100', ...input }).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues({ gstRate: '5', gstCategory: 'exempt' })).toEqual([['gstCategory', 'A nil-rated, exempt or non-GST line carries no GST: its rate is 0%']]);
    expect(issues({ gstRate: '0', gstCategory: 'taxable' })).toEqual([['gstCategory', 'A taxable line needs a GST rate above 0% (at 0%: nil, exempt or non-gst)']]);
    expect(issues({ gstRate: '0', gstCategory: 'zero-rated' })).toEqual([['gstCategory', 'Choose taxable, nil, exempt or non-gst']]);
  });
});
