import { toMoney } from '../money';
import type { Business } from '../settings/business';

/**
 * A UPI payment link to the business (NPCI's deep link: payee address, payee name, amount in
 * rupees, INR, the note the payer's app shows): in an invoice's QR code and a payment reminder.
 * Null without a UPI id.
 */
export const upiPayLink = (business: Pick<Business, 'upiId' | 'tradeName' | 'legalName'>, amount: string, note: string): string | null =>
  business.upiId
    ? `upi://pay?pa=${encodeURIComponent(business.upiId)}&pn=${encodeURIComponent(business.tradeName ?? business.legalName)}&am=${toMoney(amount)}&cu=INR&tn=${encodeURIComponent(note)}`
    : null;
