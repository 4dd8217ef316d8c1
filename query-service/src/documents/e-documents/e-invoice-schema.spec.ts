import { creditNotes, eInvoice, type PrintSource, salesInvoices } from '@erp/contracts';
import { describe, expect, it } from 'vitest';

import { eInvoiceSchemaIssues } from './e-invoice-schema';

/**
 * The vendored NIC e-invoice schema 1.1 (SCHEMA-SOURCE.md) through ajv: what we generate passes,
 * a file the portal would refuse fails, naming where.
 */
const source: PrintSource = {
  print: salesInvoices.print!,
  number: 'INV/2026-27/0007',
  date: '2026-11-20',
  dueDate: null,
  taxMode: 'gst',
  supplyType: 'intra',
  placeOfSupply: '29',
  reverseCharge: false,
  againstNumber: null,
  againstDate: null,
  subTotal: '1000.00',
  cgst: '90.00',
  sgst: '90.00',
  igst: '0.00',
  taxAmount: '180.00',
  roundOff: '0.00',
  totalAmount: '1180.00',
  balanceDue: null,
  notes: null,
  lines: [
    {
      lineNo: 1, itemId: null, itemName: 'Electric kettle', description: null, hsn: '8516', unit: 'NOS', quantity: '2', rate: '500.00', discount: '0.00',
      amount: '1000.00', taxableValue: '1000.00', gstRate: '18', cgst: '90.00', sgst: '90.00', igst: '0.00', gstCategory: 'taxable',
    },
  ],
};
const business = { legalName: 'Sharma Traders Pvt Ltd', tradeName: null, address: '12 MG Road, Bengaluru', state: '29', gstin: '29AAHCM7727Q1ZI', phone: null, email: null, taxpayerType: 'regular' as const };
const party = { name: 'Tilak Stores', address: '4 Church Street', gstNumber: '29ABCPT5678L1ZV', panNumber: null, phone: '080 2222 3333', email: null };
const dispatch = { fromPlace: 'Bengaluru', fromPincode: '560001', toPlace: 'Bengaluru', toPincode: '560025' };

describe('e-invoice JSON against NIC’s schema 1.1', () => {
  it('a generated invoice passes, and a credit note with its invoice', () => {
    expect(eInvoiceSchemaIssues(eInvoice({ source, business, party, dispatch }))).toEqual([]);
    const note = { ...source, print: creditNotes.print!, number: 'CN/2026-27/0001', againstNumber: 'INV/2026-27/0007', againstDate: '2026-11-20' };
    expect(eInvoiceSchemaIssues(eInvoice({ source: note, business, party, dispatch }))).toEqual([]);
  });

  it('a broken one fails, each fault named by where it is', () => {
    const json = eInvoice({ source, business, party, dispatch });
    const { ValDtls: _missing, ...withoutValues } = json;
    const broken = {
      ...withoutValues,
      DocDtls: { ...json.DocDtls, Dt: '2026-11-20' },
      SellerDtls: { ...json.SellerDtls, Pin: 56001 },
      ItemList: [{ ...json.ItemList[0]!, HsnCd: '85', Unit: 'N' }],
    };
    expect(eInvoiceSchemaIssues(broken)).toEqual([
      { path: 'ValDtls', message: 'ValDtls is required' },
      { path: 'DocDtls.Dt', message: 'must match pattern "^[0-3][0-9]\\/[0-1][0-9]\\/[2][0][1-2][0-9]$"' },
      { path: 'SellerDtls.Pin', message: 'must be >= 100000' },
      { path: 'ItemList.0.HsnCd', message: 'must NOT have fewer than 4 characters' },
      { path: 'ItemList.0.HsnCd', message: 'must match pattern "^(?!0+$)([0-9]{4}|[0-9]{6}|[0-9]{8})$"' },
      { path: 'ItemList.0.Unit', message: 'must NOT have fewer than 3 characters' },
      { path: 'ItemList.0.Unit', message: 'must match pattern "^([A-Z|a-z]{3,8})$"' },
    ]);
  });
});
