import type { Business } from '../settings/business';
import type { PartyRecord, PrintSource } from '../documents/print';
import { uqcOf } from '../constants';
import { decimal, sumMoney, toMoney } from '../money';
import type { Dispatch } from './dispatch';
import { stateOfGstin } from './states';
import { gstCategoryOf } from './tax';

/**
 * The e-way bill (CGST Rule 138) as the portal's bulk-upload JSON, made offline: no portal API is
 * called; the owner uploads the file. The keys and their order are india-compliance's
 * `generate_e_waybill_json` (gst_india/utils/e_waybill.py: `{"version": "1.0.0621", "billLists":
 * [...]}`, each bill from `EWaybillData.get_transaction_data` with the `for_json` renames
 * transactionType → transType, actFromStateCode → actualFromStateCode, otherValue → OthValue,
 * cessNonAdvolValue → TotNonAdvolVal; its items from `get_item_data`).
 */

/**
 * The consignment value above which an e-way bill is needed, by date (Rule 138(1): ₹50,000 since
 * 1 April 2018). Data, like the B2CL limit: a later change is a new row, old documents keep theirs.
 */
export const E_WAY_BILL_LIMITS: readonly { readonly from: string; readonly limit: string }[] = [{ from: '2018-04-01', limit: '50000.00' }];
export const eWayBillLimit = (date: string): string => [...E_WAY_BILL_LIMITS].reverse().find((l) => l.from <= date)?.limit ?? E_WAY_BILL_LIMITS[0]!.limit;

/** The portal takes no document older than this many days (its "document date" rule). */
export const E_WAY_BILL_MAX_AGE_DAYS = 180;

/**
 * The consignment's value as Rule 138 counts it: the taxable value of the goods with their tax;
 * exempt, nil-rated and non-GST lines and services (SAC 99…) left out.
 */
export const consignmentValue = (source: Pick<PrintSource, 'lines'>): string =>
  sumMoney(
    source.lines
      .filter((l) => isGoods(l.hsn) && gstCategoryOf(l.gstRate, l.gstCategory) === 'taxable')
      .map((l) => sumMoney([l.taxableValue, l.cgst, l.sgst, l.igst])),
  );
const isGoods = (hsn: string | null) => !hsn?.startsWith('99');

/** Whether an e-way bill may be made for a document dated `date` on `today`, and why not. */
export const eWayBillDateProblem = (date: string, today: string): string | null => {
  if (date > today) return 'The document is dated after today: the portal takes no future document';
  const days = Math.round((Date.parse(today) - Date.parse(date)) / 86_400_000);
  return days > E_WAY_BILL_MAX_AGE_DAYS ? `The document is ${days} days old: the portal takes none older than ${E_WAY_BILL_MAX_AGE_DAYS} days` : null;
};

/** Why the portal would refuse an e-way bill for this document now (null when it would not). */
export const eWayBillProblem = (source: Pick<PrintSource, 'lines' | 'date'>, today: string): string | null =>
  source.lines.some((l) => isGoods(l.hsn)) ? eWayBillDateProblem(source.date, today) : 'An e-way bill is for goods: every line here is a service (SAC 99…)';

/** Whether one is needed: the consignment's value against the limit on the document's date. */
export const eWayBillNeed = (source: Pick<PrintSource, 'lines' | 'date'>) => {
  const value = consignmentValue(source);
  const limit = eWayBillLimit(source.date);
  return { value, limit, required: decimal(value).gt(decimal(limit)) };
};

/** '2026-04-10' → '10/04/2026', the portal's dates. */
export const portalDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const n = (money: string) => Number(toMoney(money));
const rateOf = (rate: string) => Number(decimal(rate).toString());
/** A multi-line address → its first line and the rest (the portal's Addr1 and Addr2, 120 characters each). */
export const addressLines = (address: string | null): [string, string] => {
  const lines = (address ?? '').split(/\r?\n|,\s*/).map((l) => l.trim()).filter(Boolean);
  return [(lines[0] ?? '').slice(0, 120), lines.slice(1).join(', ').slice(0, 120)];
};


export interface EWayBillInput {
  readonly source: PrintSource;
  readonly business: Pick<Business, 'legalName' | 'tradeName' | 'gstin' | 'address' | 'state'>;
  readonly party: PartyRecord;
  readonly dispatch: Dispatch;
}

/** One document's bill (a `billLists` entry). */
export const eWayBill = ({ source, business, party, dispatch }: EWayBillInput) => {
  const supply = source.print.eWayBill;
  if (!supply) throw new Error('This kind of document has no e-way bill');
  const partyState = Number(stateOfGstin(party.gstNumber) ?? source.placeOfSupply ?? business.state);
  const ownState = Number(business.state);
  const pos = Number(source.placeOfSupply ?? partyState);
  const [ownAddr1, ownAddr2] = addressLines(business.address);
  const [partyAddr1, partyAddr2] = addressLines(party.address);
  const own = { name: business.legalName, gstin: business.gstin ?? 'URP', addr1: ownAddr1, addr2: ownAddr2, place: dispatch.fromPlace, pin: Number(dispatch.fromPincode), state: ownState };
  const other = { name: party.name, gstin: party.gstNumber ?? 'URP', addr1: partyAddr1, addr2: partyAddr2, place: dispatch.toPlace, pin: Number(dispatch.toPincode), state: partyState };
  // Goods coming back (a credit note's return) travel from the customer to us.
  const [from, to] = supply.supplyType === 'O' ? [own, other] : [{ ...other, place: dispatch.fromPlace, pin: Number(dispatch.fromPincode) }, { ...own, place: dispatch.toPlace, pin: Number(dispatch.toPincode) }];
  // Every line, as india-compliance sends them (services too); the main HSN is the first goods'.
  const items = source.lines.map((l, index) => ({
    itemNo: index + 1,
    productName: l.itemName,
    productDesc: l.description ?? l.itemName,
    hsnCode: l.hsn ?? '',
    qtyUnit: uqcOf(l.unit),
    quantity: Number(decimal(l.quantity).toString()),
    taxableAmount: n(l.taxableValue),
    sgstRate: source.supplyType === 'intra' ? rateOf(decimal(l.gstRate).div(2).toString()) : 0,
    cgstRate: source.supplyType === 'intra' ? rateOf(decimal(l.gstRate).div(2).toString()) : 0,
    igstRate: source.supplyType === 'inter' ? rateOf(l.gstRate) : 0,
    cessRate: 0,
    cessNonAdvol: 0,
  }));
  return {
    userGstin: business.gstin ?? '',
    supplyType: supply.supplyType,
    subSupplyType: supply.subSupplyType,
    subSupplyDesc: supply.subSupplyDesc,
    docType: supply.docType,
    docNo: source.number,
    docDate: portalDate(source.date),
    transType: 1,
    fromTrdName: from.name,
    fromGstin: from.gstin,
    fromAddr1: from.addr1,
    fromAddr2: from.addr2,
    fromPlace: from.place,
    fromPincode: from.pin,
    fromStateCode: from.state,
    actualFromStateCode: from.state,
    toTrdName: to.name,
    toGstin: to.gstin,
    toAddr1: to.addr1,
    toAddr2: to.addr2,
    toPlace: to.place,
    toPincode: to.pin,
    toStateCode: supply.supplyType === 'O' ? pos : to.state,
    actualToStateCode: to.state,
    totalValue: n(source.subTotal),
    cgstValue: n(source.cgst),
    sgstValue: n(source.sgst),
    igstValue: n(source.igst),
    cessValue: 0,
    TotNonAdvolVal: 0,
    // india-compliance: rounding adjustment + other charges − discount (discounts here are off the lines).
    OthValue: n(source.roundOff),
    totInvValue: n(source.totalAmount),
    transMode: Number(dispatch.transportMode),
    transDistance: dispatch.distanceKm,
    transporterName: dispatch.transporterName ?? '',
    transporterId: dispatch.transporterId ?? '',
    transDocNo: dispatch.transportDocNumber ?? '',
    transDocDate: dispatch.transportDocDate ? portalDate(dispatch.transportDocDate) : '',
    vehicleNo: dispatch.vehicleNumber ?? '',
    vehicleType: dispatch.vehicleType,
    itemList: items,
    mainHsnCode: source.lines.find((l) => isGoods(l.hsn))?.hsn ?? '',
  };
};

/** The file to upload: india-compliance's version string and the bills. */
export const eWayBillFile = (bills: readonly ReturnType<typeof eWayBill>[]) => ({ version: '1.0.0621', billLists: bills });
export type EWayBillFile = ReturnType<typeof eWayBillFile>;
