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
});
