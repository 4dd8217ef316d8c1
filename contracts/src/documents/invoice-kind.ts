import type { z } from 'zod';

import type { SearchSpec } from '../entity';
import type { TaxRegime } from '../gst/tax';
import type { CategoryTrait } from './categories';
import type { InvoiceLine, LineBody } from './lines';
import type { DocumentPrint } from './print';
import type { DocumentSeries } from './series';

/**
 * The kinds of invoice-like documents (purchase and sales invoices, credit and debit notes): how
 * one is configured, its domain view (`InvoiceData`), its events read by kind (`InvoiceChange`),
 * what is sent (`InvoiceBody`), and the erased shape the shared machinery works with.
 */

/** Who a document is with: the vendor of a purchase, the customer of a sale. */
export interface PartyConfig<F extends string> {
  readonly field: F;
  /** The party's master-data entity (`vendor`): its list holds the name a search looks in. */
  readonly singular: string;
  readonly label: string;
  /** The seed's message for a missing one: 'Please select a vendor'. */
  readonly missing: string;
}

/** A note is against one invoice: `invoiceId` names it, and the note's total settles it. */
export interface AgainstConfig {
  readonly field: string;
  readonly label: string;
  readonly missing: string;
  /** The stream prefix of the invoices it is against (`sales-invoice`). */
  readonly stream: string;
}

export type TaxMode = 'manual' | 'gst';
export const TAX_MODES = ['manual', 'gst'] as const;
/** How the money of a settling document counts on an invoice: received (paid) or credited (a note). */
export type AllocationKind = 'paid' | 'credited';
/**
 * A note's type: a return (its lines name the invoice's lines and copy them; stock comes back or
 * goes out) or a price difference (typed lines; no stock moves).
 */
export const NOTE_TYPES = ['return', 'price'] as const;
export type NoteType = (typeof NOTE_TYPES)[number];

/**
 * What a note lodges on its invoice besides the money it applies there: its total and the
 * quantities it returns per invoice line. The invoice keeps notes within what it invoiced.
 */
export interface Lodged {
  readonly total: string;
  readonly lines: readonly { readonly lineNo: number; readonly quantity: string }[];
}

/** A returned line as sent: the invoice's line and how many of it come back. */
export interface ReturnedLine {
  readonly invoiceLineNo: number;
  readonly quantity: string;
}

export interface InvoiceDocumentConfig<P extends string, S extends string, T extends string, N extends string, D extends string, Q extends string = never, O extends false | undefined = undefined, U extends string = 'dueDate'> {
  readonly module: string;
  readonly plural: string;
  /** 'Invoice', 'Sales invoice', 'Credit note': toasts, messages, OpenAPI tags. */
  readonly label: string;
  /** Its label among every kind, where the label alone is not enough: 'Purchase invoice' (OpenAPI, stock movements); the label when none. */
  readonly fullLabel?: string;
  readonly path: string;
  /** Stream prefix: `purchase-invoice` → `purchase-invoice-7`; also the id sequence. */
  readonly stream: string;
  /** Event name prefix: `PurchaseInvoice` → `PurchaseInvoiceRecorded`. */
  readonly events: string;
  readonly listTable: string;
  readonly party: PartyConfig<P>;
  /** Sales side: tax by the place of supply (the customer's state); purchase side: by the vendor's state. */
  readonly side: 'sales' | 'purchase';
  /** The document's number and date as the API names them: `invoiceNumber`, `noteDate`. */
  readonly numberField: N;
  readonly dateField: D;
  /** 'Invoice number', for its messages. */
  readonly numberLabel: string;
  /** Names the default settling document in allocations (`paymentId`, `receiptId`). */
  readonly settledBy: S;
  /** The stream prefix of that settling document: allocations written before they were keyed by stream are its. */
  readonly settledByStream: string;
  /** A number is unique per party (a vendor's bill numbers) or in the whole business. */
  readonly numberUnique: 'party' | 'business';
  /** The business profile's series prefix that numbers it when its number is left blank. */
  readonly series?: DocumentSeries<Q>;
  /** Free-text fields besides the number: `description`, `notes`. */
  readonly texts: readonly T[];
  /** The fields a list search looks in, besides the party's name (SEED-SPEC list screens). */
  readonly searchOn: readonly (N | T)[];
  /** A line's quantity when left blank (sales: 1); none → required. */
  readonly defaultQuantity?: string;
  /** Overdue is decided when read, from the due date (sales, DESIGN §4). */
  readonly overdue: boolean;
  /** Lines with an item move its stock: out (a sale, a debit note) or in (a purchase, a credit note). */
  readonly stock?: 'in' | 'out';
  /** A note: against which invoice, and that its total is credited there. */
  readonly against?: AgainstConfig;
  /** Purchases: tax payable by the recipient (reverse charge); the vendor is owed the taxable value only. */
  readonly reverseCharge?: boolean;
  /**
   * An invoice paid as it is recorded (a sale paid at the counter): `paidNow` and its
   * `paymentMethod` record a receipt or payment of that amount, allocated to it, in the same
   * append. Its label: 'Received now', 'Paid now'.
   */
  readonly settleNow?: { readonly label: string };
  /**
   * The kind also holds the open items of the books before these began (issue 43): an opening
   * invoice or bill, typed from the old books (number unique per party, date, due date, amount
   * outstanding), with no lines and no tax, posted against Temporary Opening on the day the books
   * begin. Its label ('Opening invoice', 'Opening bill') and where it is recorded (POST) and
   * changed (PUT /{id}).
   */
  readonly opening?: { readonly label: string; readonly path: string };
  /**
   * Its totals are its side's turnover: the month's sales (or purchases) on home and the
   * dashboard, what the business sold or bought; not a note against them, not a quotation.
   */
  readonly turnover?: boolean;
  /**
   * It may be made offline on a phone, numbered from that device's own series when none is typed
   * (CGST Rule 46 allows several series; issue 47), so it never waits for a number.
   */
  readonly deviceSeries?: boolean;
  /** How it prints, and its e-invoice and e-way bill; none: not printed (a vendor's bill). */
  readonly print?: DocumentPrint;
  /**
   * Whether it posts to the books: an invoice or note posts the party, its side's account and the
   * tax (`invoicePostings`, by its side and whether it is against an invoice); a quotation posts nothing.
   */
  readonly books: DocumentBooks;
  /** Each document carries a category (an expense's head: a ledger of the chart); see `books.account`. */
  readonly category?: CategoryTrait;
  /** Tax on it is input tax credit only from a registered supplier: without the party's GSTIN it carries none (400 on taxMode). */
  readonly taxNeedsGstin?: boolean;
  /** It may say it repeats each month (`repeatMonthly`); a copy for a later month is made on demand, once a month (`repeatOf`: the chain's first; docs/expenses.md). */
  readonly repeats?: boolean;
  /**
   * Its place in the GST returns and registers: an outward document of GSTR-1 (an invoice, a credit
   * note) or an inward one of the input tax credit (a bill, a debit note); none: not in them.
   */
  readonly gst?: DocumentGst;
  /**
   * Whether the party owes its total: paid by settling documents, credited by notes, a balance
   * due and a status from them. False for a quotation or an order, which no one pays: its status
   * is its answer and what it became (`quoteStatus`).
   */
  readonly owed?: O;
  /** The kinds (their streams) it may be converted into, with its lines: an estimate into an order or an invoice. */
  readonly converts?: readonly string[];
  /** The party answers it (accepted or declined, in `answer`), and it expires after its due date unanswered. */
  readonly answers?: boolean;
  /** Its due date's name and label when it is not a due date: an estimate's `validUntil`. */
  readonly due?: { readonly field: U; readonly label: string };
}

/**
 * Whether it posts to the books, and where its lines go: its side's account (Sales, Purchases), or
 * `category`, the ledger its category names.
 */
export interface DocumentBooks {
  readonly posts: boolean;
  readonly account?: 'category';
}

/** The party's answer to a quotation. */
export const ANSWERS = ['accepted', 'declined'] as const;
export type Answer = (typeof ANSWERS)[number];

/** The document another was converted from: its kind's stream, its id and number. */
export interface DocumentSource {
  readonly stream: string;
  readonly id: number;
  readonly number: string;
}

/** What one document took of another's lines: each source line and the quantity taken. */
export interface Converted {
  readonly number: string;
  readonly lines: readonly { readonly lineNo: number; readonly quantity: string }[];
}

/** A kind's GST return and the document it is there (the portal's words). */
export type DocumentGst = { readonly return: 'outward'; readonly document: 'invoice' | 'credit-note' } | { readonly return: 'inward'; readonly document: 'bill' | 'debit-note' };

/** CGST Rule 46(b): at most 16 characters, letters and digits first, then letters, digits, - and /. */
export const GST_NUMBER = /^[A-Za-z0-9][A-Za-z0-9/-]{0,15}$/;

/** A document as the decider and the projections see it: fixed names, every amount computed. */
export interface InvoiceData {
  readonly id: number;
  readonly partyId: number;
  readonly number: string;
  readonly date: string;
  readonly dueDate: string | null;
  readonly texts: Readonly<Record<string, string | null>>;
  readonly active: boolean;
  readonly taxMode: TaxMode;
  /** intra (CGST + SGST), inter (IGST), none (a bill of supply); null when tax was typed by hand. */
  readonly supplyType: TaxRegime | null;
  /** The state code of the place of supply; null when tax was typed by hand. */
  readonly placeOfSupply: string | null;
  readonly reverseCharge: boolean;
  /** Taxable value: the lines' amounts less their discounts. */
  readonly subTotal: string;
  readonly cgst: string;
  readonly sgst: string;
  readonly igst: string;
  readonly taxAmount: string;
  readonly roundOff: string;
  /** What the party owes (or is owed, for a note): the rounded total (without the tax on reverse charge). */
  readonly totalAmount: string;
  /** A note: the invoice it is against. */
  readonly againstId: number | null;
  readonly againstNumber: string | null;
  /** A note's type; none on invoices and on notes recorded before types (their lines moved stock). */
  readonly noteType?: NoteType | null;
  /** An opening item (a kind with `opening`): the day the books begin, which it is posted on; null otherwise. */
  readonly openingOn?: string | null;
  /** A kind that `answers`: the party's answer; null until it is given. */
  readonly answer?: Answer | null;
  /** The document it was converted from (an estimate, an order); null when typed afresh. */
  readonly source?: DocumentSource | null;
  /** A kind with a `category`: the ledger code it is booked under. */
  readonly category?: string | null;
  /** A kind that `repeats`: whether the next month's copy is due each month. */
  readonly repeatMonthly?: boolean;
  /** A kind that `repeats`: the chain's first document this one is a monthly copy of; null for a first (or any typed one). */
  readonly repeatOf?: number | null;
  readonly lines: readonly InvoiceLine[];
}

/** An invoice event, read through the document's schema by kind (DESIGN §4). */
export type InvoiceChange =
  | { readonly kind: 'recorded' | 'revised'; readonly data: InvoiceData }
  /**
   * A settling document's share of this invoice, keyed by that document's stream (`receipt-12`);
   * a note against it also lodges its total and returned quantities (`lodged`).
   */
  | { readonly kind: 'allocated'; readonly id: number; readonly by: string; readonly amount: string; readonly as: AllocationKind; readonly lodged: Lodged | null }
  | { readonly kind: 'released'; readonly id: number; readonly by: string }
  /** A kind that `converts`: a document made from it (`by`: its stream) took these of its lines; released when it no longer does. */
  | ({ readonly kind: 'converted'; readonly id: number; readonly by: string } & Converted)
  | { readonly kind: 'unconverted'; readonly id: number; readonly by: string };

/** What a person or integrator sends, as the decider reads it. */
export interface InvoiceBody {
  readonly partyId: number;
  /** Blank with a series: the next number of the series. */
  readonly number: string | null;
  readonly date: string | null;
  readonly dueDate: string | null;
  /** Null: a return takes its invoice's. */
  readonly taxMode: TaxMode | null;
  /** Typed by hand (manual mode only). */
  readonly taxAmount: string;
  /** A state for an unregistered party (sales: where the goods go; purchase: the vendor's state). */
  readonly placeOfSupply: string | null;
  readonly reverseCharge: boolean;
  readonly againstId: number | null;
  readonly texts: Readonly<Record<string, string | null>>;
  readonly active: boolean;
  /** A note's type (null on invoices). */
  readonly noteType: NoteType | null;
  /** Typed lines (invoices, price notes); none on a return. */
  readonly lines: readonly LineBody[];
  /** A return's lines: the invoice's lines and quantities (the rest is copied from the invoice). */
  readonly returned: readonly ReturnedLine[];
  /** Paid as it is recorded: the amount (null: not now) and how. */
  readonly paidNow: string | null;
  readonly paymentMethod: string;
  /** A kind that `answers`: the party's answer (null: none yet). */
  readonly answer: Answer | null;
  /** Converted from another document: its kind's stream and id (each line names its `sourceLineNo`). */
  readonly source: { readonly stream: string; readonly id: number } | null;
  /** A kind with a `category`: its ledger code (null otherwise). */
  readonly category: string | null;
  /** A kind that `repeats`: whether it repeats each month. */
  readonly repeatMonthly: boolean;
}

/** Any invoice document, its types erased to what the shared machinery needs. */
export interface InvoiceDocument {
  readonly module: string;
  readonly plural: string;
  readonly label: string;
  readonly fullLabel: string;
  readonly path: string;
  readonly stream: string;
  readonly listTable: string;
  readonly party: PartyConfig<string>;
  readonly side: 'sales' | 'purchase';
  readonly numberField: string;
  readonly dateField: string;
  readonly numberLabel: string;
  readonly settledBy: string;
  readonly settledByStream: string;
  readonly numberUnique: 'party' | 'business';
  readonly series?: DocumentSeries;
  readonly texts: readonly string[];
  readonly search: SearchSpec;
  readonly overdue: boolean;
  readonly stock?: 'in' | 'out';
  readonly against?: AgainstConfig;
  readonly reverseCharge?: boolean;
  readonly settleNow?: { readonly label: string };
  readonly opening?: { readonly label: string; readonly path: string };
  readonly turnover?: boolean;
  readonly deviceSeries?: boolean;
  readonly print?: DocumentPrint;
  readonly books: DocumentBooks;
  readonly category?: CategoryTrait;
  readonly taxNeedsGstin?: boolean;
  readonly repeats?: boolean;
  readonly gst?: DocumentGst;
  readonly owed?: false;
  readonly converts?: readonly string[];
  readonly answers?: boolean;
  /** The due date's field: `dueDate`, or the kind's own (`validUntil`). */
  readonly dueField: string;
  readonly dueLabel: string;
  /** The form's header fields (what the UI validates before the lines are added). */
  readonly header: z.ZodType<unknown, Record<string, unknown>>;
  readonly body: z.ZodType<InvoiceBody>;
  /** A list entry as answered: an object of the kind's fields. */
  readonly summary: z.ZodType<Readonly<Record<string, unknown>>>;
  readonly record: z.ZodType;
  readonly line: z.ZodType;
  /** One line as sent (the form checks a line with it before it is saved). */
  readonly lineInput: z.ZodType<LineBody>;
  readonly events: {
    readonly names: { readonly recorded: string; readonly revised: string; readonly allocated: string; readonly released: string; readonly converted: string; readonly unconverted: string };
    readonly types: readonly string[];
  };
  read(stored: unknown): InvoiceChange | null;
  write(change: InvoiceChange): { readonly type: string; readonly data: unknown };
  storedData(data: InvoiceData): { readonly id: number } & Readonly<Record<string, unknown>>;
  streamOf(id: number): string;
  numberStream(partyId: number, number: string): string;
}

/** Whether a document's lines with an item move stock: the kinds that do, but not a price difference. */
export const movesStock = (doc: Pick<InvoiceDocument, 'stock'>, data: Pick<InvoiceData, 'noteType'>) => doc.stock !== undefined && data.noteType !== 'price';

/**
 * A note recorded before note types credited its whole total on its invoice while it was active,
 * and its own stream said nothing of it: its stream and its list read that share from the note
 * itself (`key`: the invoice's stream; `amount`: null when inactive). Null for any other.
 */
export const legacyNoteCredit = (doc: Pick<InvoiceDocument, 'against'>, data: InvoiceData): { readonly key: string; readonly amount: string | null } | null =>
  doc.against && !data.noteType && data.againstId !== null ? { key: `${doc.against.stream}-${data.againstId}`, amount: data.active ? data.totalAmount : null } : null;
