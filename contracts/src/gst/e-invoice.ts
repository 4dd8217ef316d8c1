import type { PartyRecord, PrintSource } from '../documents/print';
import type { Business } from '../settings/business';
import { uqcOf } from '../constants';
import { decimal, sumMoney, toMoney } from '../money';
import type { Dispatch } from './dispatch';
import { addressLines, portalDate } from './e-way-bill';
import { stateOfGstin } from './states';

/**
 * The e-invoice (CGST Rule 48(4)) as the invoice registration portal's JSON, schema version 1.1
 * (NIC: https://einvoice1.gst.gov.in/Documents/e-invoice_Schema_notified_on_30thJuly.pdf), made
 * offline: the owner uploads it on the portal and pastes back the IRN, Ack No and Date and the
 * signed QR code. The server checks each file against the published schema before answering.
 */

/**
 * The aggregate turnover above which a business must e-invoice, by date (CBIC notifications
 * 13/2020, 88/2020, 5/2021, 1/2022, 17/2022 and 10/2023-Central Tax). Data: a later change is a row.
 */
export const E_INVOICE_TURNOVER_LIMITS: readonly { readonly from: string; readonly limit: string }[] = [
  { from: '2020-10-01', limit: '5000000000.00' },
  { from: '2021-01-01', limit: '1000000000.00' },
  { from: '2021-04-01', limit: '500000000.00' },
  { from: '2022-04-01', limit: '200000000.00' },
  { from: '2022-10-01', limit: '100000000.00' },
  { from: '2023-08-01', limit: '50000000.00' },
];
export const eInvoiceTurnoverLimit = (date: string): string | null => [...E_INVOICE_TURNOVER_LIMITS].reverse().find((l) => l.from <= date)?.limit ?? null;

export interface EInvoiceInput {
  readonly source: PrintSource;
  readonly business: Pick<Business, 'legalName' | 'tradeName' | 'gstin' | 'address' | 'state' | 'phone' | 'email' | 'taxpayerType'>;
  readonly party: PartyRecord;
  readonly dispatch: Pick<Dispatch, 'fromPlace' | 'fromPincode' | 'toPlace' | 'toPincode'>;
}

/** Why a document cannot be e-invoiced (null when it can). */
export const eInvoiceProblem = ({ source, business, party }: Pick<EInvoiceInput, 'source' | 'business' | 'party'>): string | null => {
  if (!source.print.eInvoiceType) return 'Only tax invoices and credit and debit notes are e-invoiced';
  if (!business.gstin) return 'Set the business GSTIN in Settings first';
  if (business.taxpayerType !== 'regular') return 'A composition taxpayer issues no e-invoices';
  if (source.taxMode !== 'gst') return 'Only documents with GST per line can be e-invoiced';
  if (!party.gstNumber) return 'E-invoices are for sales to registered businesses: this customer has no GSTIN';
  return null;
};

const n = (money: string) => Number(toMoney(money));
const num = (value: string) => Number(decimal(value).toString());
const phone = (value: string | null) => {
  const digits = (value ?? '').replace(/\D/g, '');
  return digits.length >= 6 ? { Ph: digits.slice(-12) } : {};
};
const optional = <K extends string>(key: K, value: string | null | undefined) => (value ? ({ [key]: value } as Record<K, string>) : {});

/** The IRP JSON of one document. */
export const eInvoice = ({ source, business, party, dispatch }: EInvoiceInput) => {
  const type = source.print.eInvoiceType;
  if (!type) throw new Error('Only tax invoices and credit and debit notes are e-invoiced');
  const [ownAddr1, ownAddr2] = addressLines(business.address);
  const [partyAddr1, partyAddr2] = addressLines(party.address);
  const buyerState = stateOfGstin(party.gstNumber) ?? source.placeOfSupply ?? business.state;
  const intra = source.supplyType === 'intra';
  const inter = source.supplyType === 'inter';
  const items = source.lines.map((l, index) => {
    const [cgst, sgst, igst] = [intra ? l.cgst : '0.00', intra ? l.sgst : '0.00', inter ? l.igst : '0.00'];
    return {
      SlNo: String(index + 1),
      PrdDesc: l.description ? `${l.itemName} ${l.description}`.slice(0, 300) : l.itemName,
      IsServc: l.hsn?.startsWith('99') ? 'Y' : 'N',
      HsnCd: l.hsn ?? '',
      Qty: num(l.quantity),
      Unit: uqcOf(l.unit),
      UnitPrice: num(l.rate),
      TotAmt: n(l.amount),
      Discount: n(l.discount),
      AssAmt: n(l.taxableValue),
      GstRt: num(l.gstRate),
      IgstAmt: n(igst),
      CgstAmt: n(cgst),
      SgstAmt: n(sgst),
      TotItemVal: n(sumMoney([l.taxableValue, cgst, sgst, igst])),
    };
  });
  return {
    Version: '1.1',
    TranDtls: { TaxSch: 'GST', SupTyp: 'B2B', RegRev: source.reverseCharge ? 'Y' : 'N', IgstOnIntra: 'N' },
    DocDtls: { Typ: type, No: source.number, Dt: portalDate(source.date) },
    SellerDtls: {
      Gstin: business.gstin ?? '',
      LglNm: business.legalName,
      ...optional('TrdNm', business.tradeName),
      Addr1: ownAddr1,
      ...optional('Addr2', ownAddr2),
      Loc: dispatch.fromPlace,
      Pin: Number(dispatch.fromPincode),
      Stcd: business.state,
      ...phone(business.phone),
      ...optional('Em', business.email),
    },
    BuyerDtls: {
      Gstin: party.gstNumber ?? 'URP',
      LglNm: party.name,
      Pos: source.placeOfSupply ?? buyerState,
      Addr1: partyAddr1,
      ...optional('Addr2', partyAddr2),
      Loc: dispatch.toPlace,
      Pin: Number(dispatch.toPincode),
      Stcd: buyerState,
      ...phone(party.phone),
      ...optional('Em', party.email),
    },
    ItemList: items,
    ValDtls: {
      AssVal: n(source.subTotal),
      CgstVal: n(source.cgst),
      SgstVal: n(source.sgst),
      IgstVal: n(source.igst),
      RndOffAmt: n(source.roundOff),
      TotInvVal: n(source.totalAmount),
    },
    ...(source.againstNumber && source.againstDate
      ? { RefDtls: { PrecDocDtls: [{ InvNo: source.againstNumber, InvDt: portalDate(source.againstDate) }] } }
      : {}),
  };
};
export type EInvoiceJson = ReturnType<typeof eInvoice>;
