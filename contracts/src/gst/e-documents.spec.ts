import { describe, expect, it } from 'vitest';

import type { InvoiceLine } from '../documents/lines';
import type { PartyRecord, PrintSource } from '../documents/print';
import { creditNotes } from '../sales/credit-notes';
import { salesInvoices } from '../sales/invoices';
import { type Dispatch, DispatchBodySchema, IrnBodySchema } from './dispatch';
import { eInvoice, eInvoiceProblem } from './e-invoice';
import { consignmentValue, eWayBill, eWayBillDateProblem, eWayBillFile, eWayBillLimit, eWayBillNeed, eWayBillProblem } from './e-way-bill';

/**
 * Hand-written vectors for issue 44 item 6. The e-way bill's keys, their order and value types are
 * india-compliance's offline JSON (resilient-tech/india-compliance gst_india/utils/e_waybill.py:
 * `generate_e_waybill_json` → `{"version": "1.0.0621", "billLists": [...]}`, each bill from
 * `EWaybillData.get_transaction_data` with the `for_json` renames, items from `get_item_data`;
 * value types as in its gst_india/data/test_e_waybill.json: state codes, PIN codes, transMode and
 * amounts are numbers, dates dd/mm/yyyy). The e-invoice's are NIC's schema 1.1
 * (https://einvoice1.gst.gov.in/Documents/e-invoice_Schema_notified_on_30thJuly.pdf).
 * Every figure below is worked by hand in paise, not by the code under test.
 */
const business = {
  legalName: 'Sharma Traders Pvt Ltd',
  tradeName: 'Sharma Traders',
  address: '12 MG Road\nShivajinagar\nBengaluru',
  state: '29',
  gstin: '29AAHCM7727Q1ZI',
  phone: '+91 98450 12345',
  email: 'accounts@sharma.example',
  taxpayerType: 'regular' as const,
};
const party: PartyRecord = { name: 'Kaveri Hardware', address: 'Plot 4, MIDC\nPune', gstNumber: '27AAPFU0939F1ZV', panNumber: null, phone: null, email: null };
const line = (l: Partial<InvoiceLine> & Pick<InvoiceLine, 'lineNo' | 'itemName'>): InvoiceLine => ({
  itemId: null,
  description: null,
  hsn: null,
  unit: null,
  quantity: '1',
  rate: '0.00',
  discount: '0.00',
  amount: '0.00',
  taxableValue: '0.00',
  gstRate: '0',
  cgst: '0.00',
  sgst: '0.00',
  igst: '0.00',
  gstCategory: 'taxable',
  ...l,
});
// 4 almirahs × ₹15,000 − ₹1,000 = ₹59,000 taxable, IGST 18 % = ₹10,620; delivery (SAC) ₹1,500 + ₹270.
const almirahs = line({ lineNo: 1, itemName: 'Steel almirah', hsn: '94031010', unit: 'PC', quantity: '4', rate: '15000.00', discount: '1000.00', amount: '60000.00', taxableValue: '59000.00', gstRate: '18', igst: '10620.00' });
const delivery = line({ lineNo: 2, itemName: 'Delivery', hsn: '996511', unit: 'NOS', quantity: '1', rate: '1500.00', amount: '1500.00', taxableValue: '1500.00', gstRate: '18', igst: '270.00' });
const source: PrintSource = {
  print: salesInvoices.print!,
  number: 'INV/2026-27/0007',
  date: '2026-11-20',
  dueDate: null,
  taxMode: 'gst',
  supplyType: 'inter',
  placeOfSupply: '27',
  reverseCharge: false,
  againstNumber: null,
  againstDate: null,
  subTotal: '60500.00',
  cgst: '0.00',
  sgst: '0.00',
  igst: '10890.00',
  taxAmount: '10890.00',
  roundOff: '0.00',
  totalAmount: '71390.00',
  balanceDue: null,
  notes: null,
  lines: [almirahs, delivery],
};
const dispatch: Dispatch = {
  fromPlace: 'Bengaluru',
  fromPincode: '560001',
  toPlace: 'Pune',
  toPincode: '411018',
  transportMode: '1',
  distanceKm: 840,
  transporterId: null,
  transporterName: 'VRL Logistics',
  transportDocNumber: null,
  transportDocDate: null,
  vehicleNumber: 'KA01AB1234',
  vehicleType: 'R',
};

describe('e-way bill JSON', () => {
  it('a sale to Maharashtra: every key in india-compliance’s order, figures to the paisa', () => {
    const file = eWayBillFile([eWayBill({ source, business, party, dispatch })]);
    const expected = {
      version: '1.0.0621',
      billLists: [
        {
          userGstin: '29AAHCM7727Q1ZI',
          supplyType: 'O',
          subSupplyType: 1,
          subSupplyDesc: '',
          docType: 'INV',
          docNo: 'INV/2026-27/0007',
          docDate: '20/11/2026',
          transType: 1,
          fromTrdName: 'Sharma Traders Pvt Ltd',
          fromGstin: '29AAHCM7727Q1ZI',
          fromAddr1: '12 MG Road',
          fromAddr2: 'Shivajinagar, Bengaluru',
          fromPlace: 'Bengaluru',
          fromPincode: 560001,
          fromStateCode: 29,
          actualFromStateCode: 29,
          toTrdName: 'Kaveri Hardware',
          toGstin: '27AAPFU0939F1ZV',
          toAddr1: 'Plot 4',
          toAddr2: 'MIDC, Pune',
          toPlace: 'Pune',
          toPincode: 411018,
          toStateCode: 27,
          actualToStateCode: 27,
          totalValue: 60500,
          cgstValue: 0,
          sgstValue: 0,
          igstValue: 10890,
          cessValue: 0,
          TotNonAdvolVal: 0,
          OthValue: 0,
          totInvValue: 71390,
          transMode: 1,
          transDistance: 840,
          transporterName: 'VRL Logistics',
          transporterId: '',
          transDocNo: '',
          transDocDate: '',
          vehicleNo: 'KA01AB1234',
          vehicleType: 'R',
          itemList: [
            { itemNo: 1, productName: 'Steel almirah', productDesc: 'Steel almirah', hsnCode: '94031010', qtyUnit: 'PCS', quantity: 4, taxableAmount: 59000, sgstRate: 0, cgstRate: 0, igstRate: 18, cessRate: 0, cessNonAdvol: 0 },
            { itemNo: 2, productName: 'Delivery', productDesc: 'Delivery', hsnCode: '996511', qtyUnit: 'NOS', quantity: 1, taxableAmount: 1500, sgstRate: 0, cgstRate: 0, igstRate: 18, cessRate: 0, cessNonAdvol: 0 },
          ],
          mainHsnCode: '94031010',
        },
      ],
    };
    // Byte for byte: the same keys in the same order.
    expect(JSON.stringify(file)).toBe(JSON.stringify(expected));
  });

  it('within the state: CGST and SGST at half the rate each', () => {
    // 10 kg at ₹6,000 = ₹60,000 at 5 %: CGST 2.5 % ₹1,500, SGST 2.5 % ₹1,500.
    const tea = line({ lineNo: 1, itemName: 'Tea', hsn: '0902', unit: 'KG', quantity: '10', rate: '6000.00', amount: '60000.00', taxableValue: '60000.00', gstRate: '5', cgst: '1500.00', sgst: '1500.00' });
    const intra = { ...source, supplyType: 'intra' as const, placeOfSupply: '29', subTotal: '60000.00', cgst: '1500.00', sgst: '1500.00', igst: '0.00', totalAmount: '63000.00', lines: [tea] };
    const bill = eWayBill({ source: intra, business, party: { ...party, gstNumber: '29AAHCM7728Q1ZI' }, dispatch });
    expect(bill.itemList[0]).toMatchObject({ qtyUnit: 'KGS', cgstRate: 2.5, sgstRate: 2.5, igstRate: 0 });
    expect(bill).toMatchObject({ toStateCode: 29, cgstValue: 1500, sgstValue: 1500, igstValue: 0, totInvValue: 63000 });
  });

  it('a credit note’s return comes back in: inward, sales return, a challan, from the customer', () => {
    const note = { ...source, print: creditNotes.print!, number: 'CN/2026-27/0001', againstNumber: 'INV/2026-27/0007', againstDate: '2026-11-20' };
    const bill = eWayBill({ source: note, business, party, dispatch: { ...dispatch, fromPlace: 'Pune', fromPincode: '411018', toPlace: 'Bengaluru', toPincode: '560001' } });
    expect(bill).toMatchObject({ supplyType: 'I', subSupplyType: 7, docType: 'CHL', fromGstin: '27AAPFU0939F1ZV', fromPincode: 411018, fromStateCode: 27, toGstin: '29AAHCM7727Q1ZI', toPincode: 560001, toStateCode: 29 });
  });
});

describe('e-way bill rules', () => {
  it('the limit is data by date: ₹50,000 since April 2018', () => {
    expect(eWayBillLimit('2018-04-01')).toBe('50000.00');
    expect(eWayBillLimit('2026-11-20')).toBe('50000.00');
  });

  it('needed above ₹50,000 of goods with their tax; services and exempt lines do not count', () => {
    // Goods ₹59,000 + IGST ₹10,620 = ₹69,620 (the delivery's ₹1,770 left out).
    expect(consignmentValue(source)).toBe('69620.00');
    expect(eWayBillNeed(source)).toEqual({ value: '69620.00', limit: '50000.00', required: true });
    // ₹42,000 at 12 % = ₹47,040 with tax; an exempt ₹10,000 line beside it does not count.
    const small = line({ lineNo: 1, itemName: 'Pipes', hsn: '7306', quantity: '1', rate: '42000.00', amount: '42000.00', taxableValue: '42000.00', gstRate: '12', cgst: '2520.00', sgst: '2520.00' });
    const exempt = line({ lineNo: 2, itemName: 'Seeds', hsn: '1209', quantity: '1', rate: '10000.00', amount: '10000.00', taxableValue: '10000.00', gstCategory: 'exempt' });
    expect(eWayBillNeed({ date: '2026-11-20', lines: [small, exempt] })).toEqual({ value: '47040.00', limit: '50000.00', required: false });
    // Exactly ₹50,000 is not above the limit.
    const exact = line({ lineNo: 1, itemName: 'Pipes', hsn: '7306', quantity: '1', rate: '50000.00', amount: '50000.00', taxableValue: '50000.00', gstRate: '0', gstCategory: 'taxable' });
    expect(eWayBillNeed({ date: '2026-11-20', lines: [exact] }).required).toBe(false);
  });

  it('documents older than 180 days, or dated after today, are refused and say so', () => {
    // 31 May → 27 Nov: 30 + 31 + 31 + 30 + 31 + 27 = 180 days.
    expect(eWayBillDateProblem('2026-05-31', '2026-11-27')).toBeNull();
    expect(eWayBillDateProblem('2026-05-30', '2026-11-27')).toBe('The document is 181 days old: the portal takes none older than 180 days');
    expect(eWayBillDateProblem('2026-11-28', '2026-11-27')).toBe('The document is dated after today: the portal takes no future document');
    expect(eWayBillProblem({ date: '2026-11-20', lines: [delivery] }, '2026-11-27')).toBe('An e-way bill is for goods: every line here is a service (SAC 99…)');
  });

  it('transport details: vehicle number, distance 1–4000 km, PIN codes, Part B', () => {
    const ok = DispatchBodySchema.safeParse({ fromPlace: 'Bengaluru', fromPincode: '560001', toPlace: 'Pune', toPincode: 411018, distanceKm: '840', vehicleNumber: 'ka 01 ab 1234' });
    expect(ok.success && ok.data).toMatchObject({ vehicleNumber: 'KA01AB1234', distanceKm: 840, toPincode: '411018', transportMode: '1', vehicleType: 'R' });
    const bad = DispatchBodySchema.safeParse({ fromPlace: 'Bengaluru', fromPincode: '060001', toPlace: '', toPincode: '41101', distanceKm: 4001, vehicleNumber: 'KA01' });
    const paths = bad.success ? [] : bad.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(paths).toEqual([
      'fromPincode: A PIN code is 6 digits, not starting with 0',
      'toPlace: Enter the place the goods go to',
      'toPincode: A PIN code is 6 digits, not starting with 0',
      'distanceKm: The distance is 1 to 4000 km, in whole km',
      'vehicleNumber: A vehicle number looks like KA01AB1234',
    ]);
    const rail = DispatchBodySchema.safeParse({ fromPlace: 'Bengaluru', fromPincode: '560001', toPlace: 'Bengaluru', toPincode: '560001', distanceKm: 120, transportMode: '2' });
    expect(rail.success ? [] : rail.error.issues.map((i) => i.path.join('.'))).toEqual(['transportDocNumber', 'distanceKm']);
  });
});

describe('e-invoice JSON (schema 1.1)', () => {
  it('the same sale: seller, buyer, items and values as NIC names them', () => {
    expect(eInvoice({ source, business, party, dispatch })).toStrictEqual({
      Version: '1.1',
      TranDtls: { TaxSch: 'GST', SupTyp: 'B2B', RegRev: 'N', IgstOnIntra: 'N' },
      DocDtls: { Typ: 'INV', No: 'INV/2026-27/0007', Dt: '20/11/2026' },
      SellerDtls: { Gstin: '29AAHCM7727Q1ZI', LglNm: 'Sharma Traders Pvt Ltd', TrdNm: 'Sharma Traders', Addr1: '12 MG Road', Addr2: 'Shivajinagar, Bengaluru', Loc: 'Bengaluru', Pin: 560001, Stcd: '29', Ph: '919845012345', Em: 'accounts@sharma.example' },
      BuyerDtls: { Gstin: '27AAPFU0939F1ZV', LglNm: 'Kaveri Hardware', Pos: '27', Addr1: 'Plot 4', Addr2: 'MIDC, Pune', Loc: 'Pune', Pin: 411018, Stcd: '27' },
      ItemList: [
        { SlNo: '1', PrdDesc: 'Steel almirah', IsServc: 'N', HsnCd: '94031010', Qty: 4, Unit: 'PCS', UnitPrice: 15000, TotAmt: 60000, Discount: 1000, AssAmt: 59000, GstRt: 18, IgstAmt: 10620, CgstAmt: 0, SgstAmt: 0, TotItemVal: 69620 },
        { SlNo: '2', PrdDesc: 'Delivery', IsServc: 'Y', HsnCd: '996511', Qty: 1, Unit: 'NOS', UnitPrice: 1500, TotAmt: 1500, Discount: 0, AssAmt: 1500, GstRt: 18, IgstAmt: 270, CgstAmt: 0, SgstAmt: 0, TotItemVal: 1770 },
      ],
      ValDtls: { AssVal: 60500, CgstVal: 0, SgstVal: 0, IgstVal: 10890, RndOffAmt: 0, TotInvVal: 71390 },
    });
  });

  it('a credit note is CRN and names its invoice (PrecDocDtls)', () => {
    const note = { ...source, print: creditNotes.print!, number: 'CN/2026-27/0001', date: '2026-11-25', againstNumber: 'INV/2026-27/0007', againstDate: '2026-11-20' };
    expect(eInvoice({ source: note, business, party, dispatch })).toMatchObject({
      DocDtls: { Typ: 'CRN', No: 'CN/2026-27/0001', Dt: '25/11/2026' },
      RefDtls: { PrecDocDtls: [{ InvNo: 'INV/2026-27/0007', InvDt: '20/11/2026' }] },
    });
  });

  it('only registered buyers, GST documents and regular taxpayers', () => {
    expect(eInvoiceProblem({ source, business, party })).toBeNull();
    expect(eInvoiceProblem({ source, business, party: { ...party, gstNumber: null } })).toBe('E-invoices are for sales to registered businesses: this customer has no GSTIN');
    expect(eInvoiceProblem({ source: { ...source, taxMode: 'manual' }, business, party })).toBe('Only documents with GST per line can be e-invoiced');
    expect(eInvoiceProblem({ source, business: { ...business, taxpayerType: 'composition' }, party })).toBe('A composition taxpayer issues no e-invoices');
  });

  it('the IRN pasted back: 64 hex characters, Ack No digits, the signed QR code a JWT', () => {
    const irn = 'A'.repeat(32) + 'b'.repeat(32);
    const ok = IrnBodySchema.safeParse({ irn, ackNo: 112010036563310, ackDate: '2026-11-20 12:31:00', signedQrCode: 'eyJhbGciOiJSUzI1NiJ9.eyJkYXRhIjoiMSJ9.c2lnbmF0dXJl' });
    expect(ok.success && ok.data).toMatchObject({ irn: 'a'.repeat(32) + 'b'.repeat(32), ackNo: '112010036563310' });
    const bad = IrnBodySchema.safeParse({ irn: 'xyz', ackNo: '12a', ackDate: '20/11/2026', signedQrCode: 'not a token' });
    expect(bad.success ? [] : bad.error.issues.map((i) => i.path.join('.'))).toEqual(['irn', 'ackNo', 'ackDate', 'signedQrCode']);
  });
});
