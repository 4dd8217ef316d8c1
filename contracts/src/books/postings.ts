import type { InvoiceData, InvoiceDocument } from '../documents/invoice-kind';
import type { SettlementData } from '../documents/settlement-document';
import { compareMoney, decimal, toMoney } from '../money';
import { type AccountCode, accountOf, type AccountType } from './accounts';
import type { LedgerCode } from './ledgers';

/** One line of a voucher: an account (a party's ledger when `party` is set), debit or credit. */
export interface Posting {
  readonly account: AccountCode | LedgerCode;
  /** The customer or vendor whose ledger this is (`customer-5`, `vendor-3`), on control accounts. */
  readonly party: string | null;
  readonly debit: string;
  readonly credit: string;
}

const ZERO = '0.00';

const MONEY = /^-?\d+\.\d{2}$/;

/**
 * A signed amount as a line: positive on its natural side, negative on the other; none for 0.
 * Amounts come as money strings ('-0.14'): read by their sign, with no arithmetic (a rebuild
 * posts a million of them); anything else is made one first.
 */
const line = (account: AccountCode | LedgerCode, party: string | null, amount: string, side: 'debit' | 'credit'): Posting[] => {
  const money = MONEY.test(amount) ? amount : toMoney(amount);
  const negative = money.startsWith('-');
  const abs = negative ? money.slice(1) : money;
  if (/^0+\.00$/.test(abs)) return [];
  const onSide = !negative === (side === 'debit');
  return [{ account, party, debit: onSide ? abs : ZERO, credit: onSide ? ZERO : abs }];
};

/** Which way a document runs: a note runs against its invoice's way. */
const flip = (side: 'debit' | 'credit', reversed: boolean): 'debit' | 'credit' => (reversed === (side === 'debit') ? 'credit' : 'debit');

/**
 * What an invoice, credit note or debit note posts (GST-AND-BOOKS §6.1):
 * a sale — Dr the customer / Cr Sales, Cr output CGST, SGST or IGST, Round Off;
 * a purchase — Dr Purchases, Dr input tax / Cr the vendor (on reverse charge the tax is owed to
 * the government, not the vendor: Cr GST payable on reverse charge);
 * a credit note or debit note the other way, to Sales Returns or Purchase Returns; a kind booked
 * by category (`books.account`, an expense) debits its category's ledger instead of Purchases.
 * Inactive documents post nothing. Tax typed by hand goes to the Output (Input) Tax account.
 */
export const invoicePostings = (doc: Pick<InvoiceDocument, 'side' | 'stream' | 'against' | 'party'> & Partial<Pick<InvoiceDocument, 'books'>>, data: InvoiceData): Posting[] => {
  if (!data.active) return [];
  if (data.openingOn) return openingItemPostings(doc, data);
  const note = doc.against !== undefined;
  const party = `${doc.party.singular}-${data.partyId}`;
  const sales = doc.side === 'sales';
  const natural = (side: 'debit' | 'credit') => flip(side, note);
  const tax = (kind: 'cgst' | 'sgst' | 'igst') => `${sales ? 'output' : 'input'}-${kind}` as const;
  const taxSide = sales ? 'credit' : 'debit';
  const manualTax = data.supplyType === null ? data.taxAmount : ZERO;
  const taxLines = [
    ...line(tax('cgst'), null, data.cgst, natural(taxSide)),
    ...line(tax('sgst'), null, data.sgst, natural(taxSide)),
    ...line(tax('igst'), null, data.igst, natural(taxSide)),
    ...line(sales ? 'output-tax' : 'input-tax', null, manualTax, natural(taxSide)),
  ];
  if (sales) {
    return [
      ...line('debtors', party, data.totalAmount, natural('debit')),
      ...line(note ? 'sales-returns' : 'sales', null, data.subTotal, natural('credit')),
      // On reverse charge the customer pays the tax to the government: none is ours to post.
      ...(data.reverseCharge ? [] : taxLines),
      ...line('round-off', null, data.roundOff, natural('credit')),
    ];
  }
  const own = doc.books?.account === 'category' && data.category ? accountOf(data.category) : undefined;
  const bought: AccountCode = own ? own.code : note ? 'purchase-returns' : 'purchases';
  const rcm = data.reverseCharge ? toMoney(decimal(data.cgst).plus(data.sgst).plus(data.igst)) : ZERO;
  return [
    ...line(bought, null, data.subTotal, natural('debit')),
    ...taxLines,
    ...line('round-off', null, data.roundOff, natural('debit')),
    ...line('rcm-payable', null, rcm, natural('credit')),
    ...line('creditors', party, data.totalAmount, natural('credit')),
  ];
};

/** Cash for cash, the bank for everything else (cheque, transfer, UPI, card). */
export const moneyAccount = (paymentMethod: string): AccountCode => (paymentMethod === 'cash' ? 'cash' : 'bank');

/**
 * Money with a party: in (a receipt, a vendor's refund) Dr Cash or Bank / Cr the party; out (a
 * payment, a refund to a customer) Dr the party / Cr Cash or Bank — the party on Sundry Debtors
 * for a customer, Sundry Creditors for a vendor. A voided or inactive one posts nothing (its
 * earlier posting is reversed).
 */
export const settlementPostings = (
  doc: { readonly side: 'sales' | 'purchase'; readonly money: 'in' | 'out'; readonly party: { readonly singular: string } },
  data: Pick<SettlementData, 'partyId' | 'paymentMethod' | 'totalAmount' | 'active'>,
  voided = false,
): Posting[] => {
  if (!data.active || voided) return [];
  const party = `${doc.party.singular}-${data.partyId}`;
  const money = moneyAccount(data.paymentMethod);
  const account = doc.side === 'sales' ? 'debtors' : 'creditors';
  return doc.money === 'in'
    ? [...line(money, null, data.totalAmount, 'debit'), ...line(account, party, data.totalAmount, 'credit')]
    : [...line(account, party, data.totalAmount, 'debit'), ...line(money, null, data.totalAmount, 'credit')];
};

/** What a stock adjustment posts from: its values as the record shows them. */
export interface AdjustmentValues {
  readonly adjustmentType?: string | null;
  readonly quantity?: string | null;
  readonly unitCost?: string | null;
  readonly reason?: string | null;
  readonly active?: boolean | null;
}

/**
 * A stock adjustment at cost (quantity × cost per unit, to the paisa), as ERPNext's stock
 * reconciliation posts it: an increase Dr Stock-in-Hand / Cr Stock Adjustment (opening stock
 * against Temporary Opening instead), a decrease Dr Stock Adjustment / Cr Stock-in-Hand. Inactive
 * ones, and ones recorded before adjustments had a cost, post nothing.
 */
export const adjustmentPostings = (adjustment: AdjustmentValues): Posting[] => {
  const { adjustmentType, quantity, unitCost, reason, active } = adjustment;
  if (active === false || !unitCost || !quantity) return [];
  const value = toMoney(decimal(quantity).times(unitCost));
  if (adjustmentType === 'decrease') return [...line('stock-adjustment', null, value, 'debit'), ...line('stock-in-hand', null, value, 'credit')];
  const against = reason === 'Opening Stock' ? 'temporary-opening' : 'stock-adjustment';
  return [...line('stock-in-hand', null, value, 'debit'), ...line(against, null, value, 'credit')];
};

/**
 * A ledger's opening balance (issue 21): on its natural side — assets and expenses debit,
 * liabilities, capital and income credit — against Temporary Opening.
 */
export const openingPostings = (code: LedgerCode, accountType: AccountType | null | undefined, openingBalance: string | null | undefined): Posting[] => {
  if (!openingBalance || !accountType) return [];
  const side = accountType === 'asset' || accountType === 'expense' ? 'debit' : 'credit';
  return [...line(code, null, openingBalance, side), ...line('temporary-opening', null, openingBalance, side === 'debit' ? 'credit' : 'debit')];
};

/** What a payroll posts from: its values as the record shows them. */
export interface PayrollValues {
  readonly basicSalary?: string | null;
  readonly allowances?: string | null;
  readonly deductions?: string | null;
  readonly netSalary?: string | null;
  readonly status?: string | null;
  readonly paidFrom?: string | null;
  readonly active?: boolean | null;
}

/**
 * A payroll's salary, owed for its month (issue 43: accrued, whenever it is paid): Dr Salaries by
 * the gross (basic + allowances) / Cr Salaries Payable by the net / Cr Salary Deductions Payable
 * by the deductions (what was held back is owed to someone: PF, ESI, TDS, an advance). Pending
 * and paid ones post it; cancelled and inactive ones nothing.
 */
export const payrollAccrual = (payroll: PayrollValues): Posting[] => {
  const { basicSalary, allowances, deductions, netSalary, status, active } = payroll;
  if (active === false || status === 'cancelled' || !basicSalary) return [];
  const gross = toMoney(decimal(basicSalary).plus(decimal(allowances ?? '0')));
  const held = toMoney(deductions ?? '0');
  const net = netSalary ?? toMoney(decimal(gross).minus(held));
  return [...line('salaries', null, gross, 'debit'), ...line('salaries-payable', null, net, 'credit'), ...line('salary-deductions-payable', null, held, 'credit')];
};

/**
 * A paid payroll clears what it owed, on the day it was paid: Dr Salaries Payable / Cr Cash or
 * Bank by the net, from the cash box unless the record says the bank. Only a paid, active one.
 */
export const payrollPayment = (payroll: PayrollValues): Posting[] => {
  const { status, paidFrom, active } = payroll;
  const accrued = payrollAccrual(payroll).find((p) => p.account === 'salaries-payable');
  if (status !== 'paid' || active === false || !accrued) return [];
  return [...line('salaries-payable', null, accrued.credit, 'debit'), ...line(paidFrom === 'bank' ? 'bank' : 'cash', null, accrued.credit, 'credit')];
};

/** The same lines the other way round: what undoes a posting. */
export const reversed = (postings: readonly Posting[]): Posting[] => postings.map((p) => ({ ...p, debit: p.credit, credit: p.debit }));

/** Debits equal credits, to the paisa. */
export const balances = (postings: readonly Posting[]) =>
  compareMoney(
    postings.reduce((sum, p) => sum.plus(decimal(p.debit)), decimal(0)),
    postings.reduce((sum, p) => sum.plus(decimal(p.credit)), decimal(0)),
  ) === 0;

const same = (a: readonly Posting[], b: readonly Posting[]) =>
  a.length === b.length && a.every((p, i) => p.account === b[i]!.account && p.party === b[i]!.party && p.debit === b[i]!.debit && p.credit === b[i]!.credit);

/**
 * What a change of a document adds to the journal: nothing if its posting (and date) is
 * unchanged; else the old posting reversed on its old date, then the new one on its date. The
 * journal is never rewritten, so it can be read as it stood at any moment.
 */
export const repost = (
  before: { readonly date: string | null; readonly postings: readonly Posting[] } | null,
  after: { readonly date: string; readonly postings: readonly Posting[] },
): { readonly date: string; readonly postings: Posting[] }[] => {
  if (before && before.date === after.date && same(before.postings, after.postings)) return [];
  const undo = before && before.postings.length > 0 ? [{ date: before.date ?? after.date, postings: reversed(before.postings) }] : [];
  const redo = after.postings.length > 0 ? [{ date: after.date, postings: [...after.postings] }] : [];
  return [...undo, ...redo];
};

/**
 * An opening invoice or bill (issue 43): the party's open item against Temporary Opening —
 * Dr the customer / Cr Temporary Opening, Cr the vendor / Dr Temporary Opening. No sale, no tax.
 */
const openingItemPostings = (doc: Pick<InvoiceDocument, 'side' | 'party'>, data: InvoiceData): Posting[] => {
  const party = `${doc.party.singular}-${data.partyId}`;
  const sales = doc.side === 'sales';
  return [
    ...line(sales ? 'debtors' : 'creditors', party, data.totalAmount, sales ? 'debit' : 'credit'),
    ...line('temporary-opening', null, data.totalAmount, sales ? 'credit' : 'debit'),
  ];
};
