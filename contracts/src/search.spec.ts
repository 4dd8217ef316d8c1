import { describe, expect, it } from 'vitest';

import { customersEntity } from './sales/customers';
import { salesInvoices } from './sales/invoices';
import { amountTextOf, phoneDigitsOf, recordMatches } from './search';

describe('a list search reads what people type', () => {
  it('a phone number with or without +91, 0, spaces and dashes is its ten digits', () => {
    for (const typed of ['9820011223', '+91 98200 11223', '+91-98200-11223', '919820011223', '09820011223', '(98200) 11223']) {
      expect(phoneDigitsOf(typed), typed).toBe('9820011223');
    }
    expect(phoneDigitsOf('11223')).toBe('11223');
    expect(phoneDigitsOf('98a')).toBeNull();
    expect(phoneDigitsOf('12')).toBeNull();
  });

  it('an amount with or without ₹, Rs and commas is its plain text', () => {
    expect(amountTextOf('₹1,822')).toBe('1822');
    expect(amountTextOf('rs. 1,822.50')).toBe('1822.50');
    expect(amountTextOf('1822.5')).toBe('1822.5');
    expect(amountTextOf('1822.505')).toBeNull();
    expect(amountTextOf('tea')).toBeNull();
  });

  it('finds a customer by phone however it was typed, and by GSTIN', () => {
    const customer = { name: 'Tilak Stores', phone: '+91-98200-11223', gstNumber: '27ABCPT5678L1ZV', email: null, contactPerson: null };
    for (const term of ['9820011223', '+91 98200 11223', '98200-11223', '27abcpt5678l1zv', 'tilak']) {
      expect(recordMatches(customersEntity.search, customer, term.toLowerCase()), term).toBe(true);
    }
    expect(recordMatches(customersEntity.search, customer, '9999911111')).toBe(false);
  });

  it('finds an invoice by its number, its total and what it still owes', () => {
    const invoice = { invoiceNumber: 'INV/2026-27/0042', description: null, totalAmount: '1822.00', balanceDue: '822.00' };
    for (const term of ['inv/2026-27/0042', '0042', '1822', '₹1,822.00', '822']) {
      expect(recordMatches(salesInvoices.search, invoice, term), term).toBe(true);
    }
    expect(recordMatches(salesInvoices.search, invoice, '1823')).toBe(false);
  });
});
