import { type Business, decimal, upiPayLink } from '@erp/contracts';

import { formatDate, formatMoney } from '@/lib/format';

/**
 * What is sent from the phone (issue 45 item 3): a document's short message, a payment reminder
 * with a UPI link to pay, a party's balance; and the WhatsApp link a desktop opens instead of the
 * phone's share sheet. Pure: the share buttons call these, the unit spec checks them.
 */

type Payee = Pick<Business, 'upiId' | 'tradeName' | 'legalName'>;

/** The name customers know the business by: its trade name, else its legal name. */
export const businessName = (business: Payee | null) => business?.tradeName ?? business?.legalName ?? '';

/** A file name people can keep: 'INV/2026-27/0001' → 'INV-2026-27-0001.pdf' (as the server names it). */
export const pdfFileName = (number: string) => `${number.replace(/[^A-Za-z0-9-]+/g, '-').replace(/^-+|-+$/g, '') || 'document'}.pdf`;

export interface SentDocument {
  /** 'Tax Invoice', 'Credit Note'. */
  readonly title: string;
  readonly number: string;
  readonly total: string;
  /** What is left to pay (a sale), or null when it is not paid against (a note). */
  readonly balanceDue: string | null;
  readonly dueDate: string | null;
  /** What the due date is called on the print ('Valid until' on an estimate); said when nothing is paid against it. */
  readonly dueLabel?: string;
}

const isZero = (amount: string) => decimal(amount).eq(0);

/** 'Tax Invoice INV/2026-27/0001 from Sharma Kirana: ₹1,822.00, due by 20 Dec 2026.'; 'Estimate … : ₹500.00, valid until 27 Dec 2026.' */
export const documentMessage = (doc: SentDocument, business: Payee | null): string => {
  const from = businessName(business);
  const head = `${doc.title} ${doc.number}${from ? ` from ${from}` : ''}: ${formatMoney(doc.total)}`;
  if (doc.balanceDue === null) return `${head}${doc.dueDate && doc.dueLabel ? `, ${doc.dueLabel.toLowerCase()} ${formatDate(doc.dueDate)}` : ''}.`;
  if (isZero(doc.balanceDue)) return `${head}, paid. Thank you.`;
  const part = decimal(doc.balanceDue).eq(decimal(doc.total)) ? '' : `, ${formatMoney(doc.balanceDue)} to pay`;
  return `${head}${part}${doc.dueDate ? `, due by ${formatDate(doc.dueDate)}` : ''}.`;
};

export interface Reminded {
  readonly partyName: string;
  readonly number: string;
  readonly balanceDue: string;
  readonly dueDate: string | null;
}

/**
 * A payment reminder: the amount due, the due date and a UPI link to pay that amount to the
 * business's UPI id (none without one: the business has not set it in Settings).
 */
export const reminderMessage = (invoice: Reminded, business: Payee | null): string => {
  const from = businessName(business);
  const upi = business ? upiPayLink(business, invoice.balanceDue, invoice.number) : null;
  return [
    `Hello ${invoice.partyName},`,
    `A reminder${from ? ` from ${from}` : ''}: ${formatMoney(invoice.balanceDue)} is due on invoice ${invoice.number}${invoice.dueDate ? `, due date ${formatDate(invoice.dueDate)}` : ''}.`,
    ...(upi ? [`Pay by UPI: ${upi}`] : []),
    'Thank you.',
  ].join('\n');
};

/** A party's balance as a sentence, from the ledger's closing (positive: Dr, they owe the business). */
export const balanceSentence = (name: string, closing: string): string => {
  const balance = decimal(closing);
  if (balance.eq(0)) return `Nothing is due between you and ${name}.`;
  return balance.gt(0) ? `${name} owes you ${formatMoney(balance.abs())}.` : `You owe ${name} ${formatMoney(balance.abs())}.`;
};

/** The statement's message to the party: their balance with the business, said from the business's side. */
export const statementMessage = (name: string, closing: string, business: Payee | null): string => {
  const from = businessName(business);
  const balance = decimal(closing);
  const said = balance.eq(0) ? 'nothing is due' : balance.gt(0) ? `${formatMoney(balance)} is due from you` : `${formatMoney(balance.abs())} is due to you`;
  return `Hello ${name}, your statement of account${from ? ` with ${from}` : ''}: ${said}.`;
};

/**
 * A phone number as WhatsApp's link takes it: digits with the country code (a 10-digit Indian
 * mobile gets 91); null when it is not a phone number.
 */
export const whatsAppNumber = (phone: string | null | undefined): string | null => {
  const digits = (phone ?? '').replace(/\D/g, '').replace(/^0+/, '');
  if (digits.length === 10) return `91${digits}`;
  return digits.length >= 11 && digits.length <= 15 ? digits : null;
};

/** https://wa.me/?text=… (to the number when known): what a desktop opens instead of the share sheet. */
export const whatsAppLink = (text: string, phone?: string | null): string => `https://wa.me/${whatsAppNumber(phone) ?? ''}?text=${encodeURIComponent(text)}`;

/** tel: link of a phone number as typed ('+91-98200 11223' → 'tel:+919820011223'). */
export const telLink = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;
