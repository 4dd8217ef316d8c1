import { uqcOf } from '../constants';
import { placeOfSupplyLabel, stateOfGstin } from '../gst/states';
import { type HsnRow, hsnSummary } from '../gst/tax';
import { amountInWords } from '../gst/words';
import { decimal } from '../money';
import type { Business } from '../settings/business';
import { documentFiguresOf } from './document-figures';
import type { InvoiceDocument } from './invoice-kind';
import type { InvoiceLine } from './lines';
import { upiPayLink } from './upi';

/**
 * A document as it is printed (CGST Rule 46 for a tax invoice, Rule 49 for a bill of supply,
 * Rule 53 for credit and debit notes): everything the law asks for, worked out once and drawn
 * both by the print view (HTML, A4 or an 80 mm roll) and by the PDF.
 */
export interface PrintParty {
  readonly name: string;
  readonly tradeName: string | null;
  readonly address: string | null;
  readonly gstin: string | null;
  readonly pan: string | null;
  /** '27-Maharashtra' (the GSTIN's state, or the one recorded), or null when unknown. */
  readonly state: string | null;
  readonly phone: string | null;
  readonly email: string | null;
}

/**
 * The rate of each tax on a line or HSN row (CGST Rule 46(l): the rate per component): within the
 * state CGST and SGST at half the GST rate each (5 % → 2.5 % + 2.5 %), across states IGST at all of it.
 */
export interface ComponentRates {
  readonly cgstRate: string;
  readonly sgstRate: string;
  readonly igstRate: string;
}

export interface PrintLine extends ComponentRates {
  readonly no: number;
  readonly description: string;
  readonly hsn: string | null;
  readonly quantity: string;
  /** The GST unit code (UQC). */
  readonly unit: string | null;
  readonly rate: string;
  readonly discount: string;
  readonly taxableValue: string;
  readonly gstRate: string;
  readonly cgst: string;
  readonly sgst: string;
  readonly igst: string;
}

export interface PrintableDocument {
  readonly title: string;
  /** What the numbers are called: 'Invoice No.', 'Credit Note No.'. */
  readonly numberLabel: string;
  readonly number: string;
  readonly date: string;
  readonly dueDate: string | null;
  /** What the due date is called: 'Due', an estimate's 'Valid until'. */
  readonly dueLabel: string;
  /** Under the title: 'Original for recipient', a bill of supply's declaration (Rule 49), none. */
  readonly copy: string | null;
  readonly supplier: PrintParty;
  readonly recipient: PrintParty;
  readonly recipientLabel: string;
  /** '27-Maharashtra', for GST documents. */
  readonly placeOfSupply: string | null;
  /** Whether tax is payable on reverse charge (Rule 46(p)); null when the kind's print does not say (a quotation, an order, a challan). */
  readonly reverseCharge: boolean | null;
  /** A note: the invoice it is against, its number and its date (CGST Rule 53(1A)). */
  readonly against: string | null;
  readonly againstDate: string | null;
  /** intra (CGST and SGST columns), inter (IGST), none (a bill of supply), manual (tax typed in whole). */
  readonly tax: 'intra' | 'inter' | 'none' | 'manual';
  readonly lines: readonly PrintLine[];
  readonly hsn: readonly (HsnRow & ComponentRates)[];
  readonly totals: {
    readonly taxableValue: string;
    readonly cgst: string;
    readonly sgst: string;
    readonly igst: string;
    readonly taxAmount: string;
    readonly roundOff: string;
    readonly total: string;
  };
  readonly inWords: string;
  readonly notes: string | null;
  /** Where to pay (a sale): the bank account and a UPI link for a QR code. */
  readonly payTo: { readonly bankName: string | null; readonly accountNumber: string | null; readonly ifsc: string | null; readonly upiId: string | null; readonly upiLink: string | null } | null;
  /** 'For Sharma Traders Pvt Ltd' above the signature line. */
  readonly signatory: string;
  /** A sale with nothing left to pay: printed 'Paid', without a QR code to pay it. */
  readonly paid: boolean;
  /** Its e-invoice once the IRN is entered (CGST Rule 48(4)): IRN, Ack No and Date, and the signed QR code. */
  readonly eInvoice?: { readonly irn: string; readonly ackNo: string; readonly ackDate: string; readonly signedQrCode: string } | null;
  /** Made on a phone and not yet recorded by the server (issue 47): the words printed on it. The server never sets it. */
  readonly provisional?: string | null;
}

/**
 * How a kind prints (the documents a business sends: sales invoices, credit and debit notes,
 * estimates, orders, delivery challans) and, for those that have them, how its e-invoice and
 * e-way bill name it. A kind without it is not printed.
 */
export interface DocumentPrint {
  /** One title, or by how it is taxed: 'Tax Invoice', 'Bill of Supply', 'Invoice' (tax typed by hand). */
  readonly title: string | { readonly taxed: string; readonly none: string; readonly manual: string };
  /** 'Invoice No.'. */
  readonly numberLabel: string;
  /** What its due date is printed as: 'Due' unless the kind says ('Valid until'). */
  readonly dueLabel?: string;
  /** The copy printed under the title: 'Original for recipient' unless the kind says; null for none (a quotation). */
  readonly copy?: string | null;
  /** 'Bill to'; and whether an unregistered recipient's state is the place of supply (a customer's) or none (a supplier's). */
  readonly recipient: { readonly label: string; readonly placeOfSupply: boolean };
  /** A sale: printed with what is left to pay and where to pay it, and 'Paid' once nothing is. */
  readonly payable: boolean;
  /** Tax invoices and notes say whether tax is payable on reverse charge (Rule 46(p)); false: a document that is no tax invoice does not. */
  readonly reverseChargeLine?: false;
  /** The e-invoice's document type (NIC schema `DocDtls.Typ`): tax invoices and notes only; a kind without it has no e-invoice. */
  readonly eInvoiceType?: 'INV' | 'CRN' | 'DBN';
  /** The e-way bill's supply type, sub-type and document type (india-compliance default_supply_types); a kind without it has no e-way bill. */
  readonly eWayBill?: { readonly supplyType: 'O' | 'I'; readonly subSupplyType: number; readonly docType: string; readonly subSupplyDesc: string };
}

/** What a printed document is read from: the document as the API answers it, under fixed names. */
export interface PrintSource {
  /** How its kind prints. */
  readonly print: DocumentPrint;
  readonly number: string;
  readonly date: string;
  readonly dueDate: string | null;
  readonly taxMode: 'manual' | 'gst';
  readonly supplyType: 'intra' | 'inter' | 'none' | null;
  readonly placeOfSupply: string | null;
  readonly reverseCharge: boolean;
  readonly againstNumber: string | null;
  /** A note: its invoice's date, read from that invoice (null when not known). */
  readonly againstDate: string | null;
  readonly subTotal: string;
  readonly cgst: string;
  readonly sgst: string;
  readonly igst: string;
  readonly taxAmount: string;
  readonly roundOff: string;
  readonly totalAmount: string;
  readonly balanceDue: string | null;
  readonly notes: string | null;
  readonly lines: readonly InvoiceLine[];
}

/** The other party of a document, as its master record has it. */
export interface PartyRecord {
  readonly name: string;
  readonly address: string | null;
  readonly gstNumber: string | null;
  readonly panNumber: string | null;
  readonly phone: string | null;
  readonly email: string | null;
}

const stateLabel = (gstin: string | null, fallback: string | null) => {
  const code = stateOfGstin(gstin) ?? fallback;
  return code ? placeOfSupplyLabel(code) : null;
};

const componentRates = (gstRate: string, tax: PrintableDocument['tax']): ComponentRates => {
  const half = decimal(gstRate).div(2).toString();
  return {
    cgstRate: tax === 'intra' ? half : '0',
    sgstRate: tax === 'intra' ? half : '0',
    igstRate: tax === 'inter' ? decimal(gstRate).toString() : '0',
  };
};

/** The printed form of a document: who to whom, its lines and taxes, the HSN summary, words, where to pay. */
export const printableDocument = (source: PrintSource, business: Business | null, party: PartyRecord): PrintableDocument => {
  const tax = source.taxMode === 'manual' ? 'manual' : (source.supplyType ?? 'none');
  const { print } = source;
  const title = typeof print.title === 'string' ? print.title : tax === 'manual' || tax === 'none' ? print.title[tax] : print.title.taxed;
  // A bill of supply says why it carries no tax (Rule 49); any other copy is the kind's own.
  const billOfSupply = typeof print.title !== 'string' && tax === 'none';
  const us: PrintParty = {
    name: business?.legalName ?? 'Your business (set it up in Settings)',
    tradeName: business?.tradeName ?? null,
    address: business?.address ?? null,
    gstin: business?.gstin ?? null,
    pan: business?.pan ?? null,
    state: business ? placeOfSupplyLabel(business.state) : null,
    phone: business?.phone ?? null,
    email: business?.email ?? null,
  };
  const them: PrintParty = {
    name: party.name,
    tradeName: null,
    address: party.address,
    gstin: party.gstNumber,
    pan: party.panNumber,
    // An unregistered recipient's state is the place of supply recorded for it (Rule 46(e)).
    state: stateLabel(party.gstNumber, print.recipient.placeOfSupply ? source.placeOfSupply : null),
    phone: party.phone,
    email: party.email,
  };
  const lines = source.lines.map((line) => ({
    no: line.lineNo,
    description: line.description ? `${line.itemName} — ${line.description}` : line.itemName,
    hsn: line.hsn,
    quantity: line.quantity,
    unit: line.unit ? uqcOf(line.unit) : null,
    rate: line.rate,
    discount: line.discount,
    taxableValue: line.taxableValue,
    gstRate: line.gstRate,
    ...componentRates(line.gstRate, tax),
    cgst: line.cgst,
    sgst: line.sgst,
    igst: line.igst,
  }));
  const payable = print.payable ? (source.balanceDue ?? source.totalAmount) : null;
  const paid = payable !== null && decimal(payable).lte(0) && decimal(source.totalAmount).gt(0);
  const upiLink = payable && !paid && business ? upiPayLink(business, payable, source.number) : null;
  return {
    title,
    numberLabel: print.numberLabel,
    number: source.number,
    date: source.date,
    dueDate: source.dueDate,
    dueLabel: print.dueLabel ?? 'Due',
    copy: billOfSupply ? 'Composition taxable person or not registered: not eligible to collect tax on supplies' : print.copy === undefined ? 'Original for recipient' : print.copy,
    supplier: us,
    recipient: them,
    recipientLabel: print.recipient.label,
    placeOfSupply: source.placeOfSupply ? `${placeOfSupplyLabel(source.placeOfSupply)}` : null,
    reverseCharge: print.reverseChargeLine === false ? null : source.reverseCharge,
    against: source.againstNumber,
    againstDate: source.againstNumber ? source.againstDate : null,
    tax,
    lines,
    hsn: tax === 'manual' ? [] : hsnSummary(source.lines.map((l) => ({ ...l, unit: l.unit ? uqcOf(l.unit) : null }))).map((r) => ({ ...r, ...componentRates(r.gstRate, tax) })),
    totals: {
      taxableValue: source.subTotal,
      cgst: source.cgst,
      sgst: source.sgst,
      igst: source.igst,
      taxAmount: source.taxAmount,
      roundOff: source.roundOff,
      total: source.totalAmount,
    },
    inWords: amountInWords(source.totalAmount),
    notes: source.notes,
    payTo:
      print.payable && business && (business.bankAccountNumber || business.upiId)
        ? { bankName: business.bankName, accountNumber: business.bankAccountNumber, ifsc: business.ifsc, upiId: business.upiId, upiLink }
        : null,
    signatory: `For ${us.name}`,
    paid,
  };
};

/** The documents a business issues and prints: the kinds that say how they print. */
export const isPrintable = (doc: Pick<InvoiceDocument, 'print'>): boolean => doc.print !== undefined;
/** The kinds with an e-invoice (tax invoices and notes): their IRN and JSON routes. */
export const hasEInvoice = (doc: Pick<InvoiceDocument, 'print'>): boolean => doc.print?.eInvoiceType !== undefined;
/** The kinds with an e-way bill (goods sent with them): its JSON route. */
export const hasEWayBill = (doc: Pick<InvoiceDocument, 'print'>): boolean => doc.print?.eWayBill !== undefined;
/** The kinds with either: their dispatch details and e-documents screen. */
export const hasEDocuments = (doc: Pick<InvoiceDocument, 'print'>): boolean => hasEInvoice(doc) || hasEWayBill(doc);

/**
 * A printable document as the API answers it (GET …/{id}) → what printing reads; a note's
 * `againstDate` is its invoice's date, read from that invoice by the caller.
 */
export const printSourceOf = (doc: Pick<InvoiceDocument, 'label' | 'print' | 'numberField' | 'dateField' | 'dueField' | 'texts'>, record: unknown, againstDate: string | null = null): PrintSource => {
  if (!doc.print) throw new Error(`A ${doc.label} is not printed`);
  return { print: doc.print, ...documentFiguresOf(doc, record), againstDate };
};

/** `/api/sales/invoices/7/pdf`. */
export const pdfPath = (record: string) => `${record}/pdf`;
