import { upiPayLink } from '@erp/contracts';
import { describe, expect, it } from 'vitest';

import {
  balanceSentence,
  documentMessage,
  pdfFileName,
  reminderMessage,
  statementMessage,
  telLink,
  whatsAppLink,
  whatsAppNumber,
} from './share-message';

const business = { upiId: 'sharmatraders@okaxis', tradeName: 'Sharma Kirana', legalName: 'Sharma Traders Pvt Ltd' };
const invoice = { title: 'Tax Invoice', number: 'INV/2026-27/0001', total: '1822.00', dueDate: '2026-12-20' };

describe('the UPI payment link', () => {
  it('pays the business its UPI id, under its trade name, the amount to the paisa in INR, noted with the invoice number', () => {
    expect(upiPayLink(business, '1822', 'INV/2026-27/0001')).toBe(
      'upi://pay?pa=sharmatraders%40okaxis&pn=Sharma%20Kirana&am=1822.00&cu=INR&tn=INV%2F2026-27%2F0001',
    );
  });

  it('names the legal name without a trade name; an amount is written exactly, never through a float', () => {
    expect(upiPayLink({ ...business, tradeName: null }, '0.1', 'X')).toBe('upi://pay?pa=sharmatraders%40okaxis&pn=Sharma%20Traders%20Pvt%20Ltd&am=0.10&cu=INR&tn=X');
    expect(upiPayLink(business, '12345678901234.57', 'X')).toContain('&am=12345678901234.57&');
  });

  it('is none without a UPI id', () => {
    expect(upiPayLink({ ...business, upiId: null }, '10', 'X')).toBeNull();
  });
});

describe('the message sent with a document', () => {
  it('an invoice due: its title, number, business, total and due date', () => {
    expect(documentMessage({ ...invoice, balanceDue: '1822.00' }, business)).toBe('Tax Invoice INV/2026-27/0001 from Sharma Kirana: ₹1,822.00, due by 20 Dec 2026.');
  });

  it('part paid: what is left to pay too', () => {
    expect(documentMessage({ ...invoice, balanceDue: '822.00' }, business)).toBe('Tax Invoice INV/2026-27/0001 from Sharma Kirana: ₹1,822.00, ₹822.00 to pay, due by 20 Dec 2026.');
  });

  it('paid: says so and thanks', () => {
    expect(documentMessage({ ...invoice, balanceDue: '0.00' }, business)).toBe('Tax Invoice INV/2026-27/0001 from Sharma Kirana: ₹1,822.00, paid. Thank you.');
  });

  it('a note (nothing to pay on it), and a business not set up yet', () => {
    expect(documentMessage({ title: 'Credit Note', number: 'CN/2026-27/0001', total: '105', balanceDue: null, dueDate: null }, null)).toBe('Credit Note CN/2026-27/0001: ₹105.00.');
  });

  it('an estimate (never paid): the day it is valid until, as its print calls it', () => {
    const estimate = { title: 'Estimate', number: 'EST/2026-27/0004', total: '500', balanceDue: null, dueDate: '2026-12-27', dueLabel: 'Valid until' };
    expect(documentMessage(estimate, business)).toBe('Estimate EST/2026-27/0004 from Sharma Kirana: ₹500.00, valid until 27 Dec 2026.');
    expect(documentMessage({ ...estimate, dueDate: null }, business)).toBe('Estimate EST/2026-27/0004 from Sharma Kirana: ₹500.00.');
  });
});

describe('a payment reminder', () => {
  it('the amount due, the due date and the UPI link for that amount', () => {
    expect(reminderMessage({ partyName: 'Tilak Stores', number: 'INV/2026-27/0001', balanceDue: '1234.50', dueDate: '2026-11-20' }, business)).toBe(
      [
        'Hello Tilak Stores,',
        'A reminder from Sharma Kirana: ₹1,234.50 is due on invoice INV/2026-27/0001, due date 20 Nov 2026.',
        'Pay by UPI: upi://pay?pa=sharmatraders%40okaxis&pn=Sharma%20Kirana&am=1234.50&cu=INR&tn=INV%2F2026-27%2F0001',
        'Thank you.',
      ].join('\n'),
    );
  });

  it('without a UPI id there is no link, and without a due date none is said', () => {
    const text = reminderMessage({ partyName: 'Tilak Stores', number: 'INV-9', balanceDue: '10', dueDate: null }, { ...business, upiId: null });
    expect(text).toBe('Hello Tilak Stores,\nA reminder from Sharma Kirana: ₹10.00 is due on invoice INV-9.\nThank you.');
  });
});

describe('a party balance', () => {
  it('from the ledger closing: Dr is owed to the business, Cr by it, nothing either way', () => {
    expect(balanceSentence('Tilak Stores', '1822.00')).toBe('Tilak Stores owes you ₹1,822.00.');
    expect(balanceSentence('Gujarat Mills', '-5000.5')).toBe('You owe Gujarat Mills ₹5,000.50.');
    expect(balanceSentence('Walk-in', '0.00')).toBe('Nothing is due between you and Walk-in.');
  });

  it('the statement message, said to the party', () => {
    expect(statementMessage('Tilak Stores', '1822', business)).toBe('Hello Tilak Stores, your statement of account with Sharma Kirana: ₹1,822.00 is due from you.');
    expect(statementMessage('Gujarat Mills', '-10', business)).toBe('Hello Gujarat Mills, your statement of account with Sharma Kirana: ₹10.00 is due to you.');
    expect(statementMessage('Walk-in', '0', null)).toBe('Hello Walk-in, your statement of account: nothing is due.');
  });
});

describe('links', () => {
  it('wa.me with the message, to the party when their number is known (an Indian mobile gets 91)', () => {
    expect(whatsAppLink('Pay ₹10 & thanks\nbye')).toBe('https://wa.me/?text=Pay%20%E2%82%B910%20%26%20thanks%0Abye');
    expect(whatsAppLink('Hi', '+91-98200 11223')).toBe('https://wa.me/919820011223?text=Hi');
    expect(whatsAppNumber('098200 11223')).toBe('919820011223');
    expect(whatsAppNumber('98200')).toBeNull();
    expect(whatsAppLink('Hi', 'call the shop')).toBe('https://wa.me/?text=Hi');
  });

  it('tel: keeps the digits and a leading +', () => {
    expect(telLink('+91-98200 11223')).toBe('tel:+919820011223');
  });

  it('the PDF file name is the number made safe, as the server names it', () => {
    expect(pdfFileName('INV/2026-27/0001')).toBe('INV-2026-27-0001.pdf');
    expect(pdfFileName('///')).toBe('document.pdf');
  });
});
