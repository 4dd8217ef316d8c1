import { decimal, type Decimal, toMoney } from '../money';

/** The days after which a micro or small enterprise's unpaid dues are disallowed (Income-tax Act s.43B(h), MSMED Act s.15). */
export const MSME_PAYMENT_DAYS = 45;

/** What a vendor's ledger holds per document as of a day: a bill (credit, positive) or what settled bills (negative). */
export interface PartyDocument {
  readonly date: string;
  readonly number: string | null;
  readonly amount: string;
}

export interface UnpaidBill {
  readonly date: string;
  readonly number: string | null;
  readonly unpaid: string;
  /** Days from the bill's date to the day asked about. */
  readonly days: number;
  /** Unpaid beyond MSME_PAYMENT_DAYS. */
  readonly overdue: boolean;
}

const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/**
 * A vendor's bills still unpaid as of a day: what paid them (payments, debit notes) settles the
 * oldest first, as the MSMED Act counts them. Each bill remaining says how many days old it is and
 * whether that is beyond 45.
 */
export const unpaidBills = (documents: readonly PartyDocument[], asOf: string): UnpaidBill[] => {
  let paid: Decimal = documents.reduce((sum, d) => (decimal(d.amount).lt(0) ? sum.minus(decimal(d.amount)) : sum), decimal(0));
  const bills = documents.filter((d) => decimal(d.amount).gt(0)).sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  return bills.flatMap((bill) => {
    const amount = decimal(bill.amount);
    const settled = paid.gt(amount) ? amount : paid;
    paid = paid.minus(settled);
    const unpaid = amount.minus(settled);
    if (unpaid.eq(0)) return [];
    const days = daysBetween(bill.date, asOf);
    return [{ date: bill.date, number: bill.number, unpaid: toMoney(unpaid), days, overdue: days > MSME_PAYMENT_DAYS }];
  });
};
