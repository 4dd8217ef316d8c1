import type { z } from 'zod';

import { invoiceDocument, settlementDocument } from '../documents';

/**
 * Expenses (issue 45): what the shop spends that is not stock it sells — rent, electricity,
 * transport, supplies, wages, repairs. Each is booked under its category (a ledger of the chart,
 * shown as an expense head in the profit and loss); with GST, only from a supplier with a GSTIN,
 * its tax is input tax credit (the inward side of the returns, like a bill). Paid now (cash, bank,
 * UPI) it is settled as it is recorded; left unpaid it is owed to the vendor (payables, ageing).
 * No stock moves. It may say it repeats monthly: a copy for a later month is made on demand (docs/expenses.md).
 * Numbered EXP/2026-27/0001.
 */
export const expenses = invoiceDocument({
  module: 'purchase',
  plural: 'expenses',
  label: 'Expense',
  path: '/api/purchase/expenses',
  stream: 'expense-entry',
  events: 'Expense',
  listTable: 'expense_list',
  party: { field: 'vendorId', singular: 'vendor', label: 'Vendor', missing: 'Please select a vendor or payee' },
  side: 'purchase',
  numberField: 'expenseNumber',
  dateField: 'expenseDate',
  numberLabel: 'Expense number',
  settledBy: 'paymentId',
  settledByStream: 'expense-payment',
  numberUnique: 'business',
  series: { setting: 'expensePrefix', label: 'Expense Prefix', defaultPrefix: 'EXP' },
  texts: ['notes'],
  searchOn: ['expenseNumber', 'notes'],
  defaultQuantity: '1',
  books: { posts: true, account: 'category' },
  category: {
    label: 'Category',
    missing: 'Please select a category',
    accounts: ['rent', 'electricity', 'transport', 'shop-supplies', 'wages', 'repairs', 'telephone', 'general-expenses'],
  },
  taxNeedsGstin: true,
  repeats: true,
  gst: { return: 'inward', document: 'bill' },
  overdue: true,
  settleNow: { label: 'Paid now' },
});

/**
 * What pays expenses: recorded with an expense paid now (`paidNow`), or later against those left
 * owed to their vendor. Dr the vendor / Cr Cash or Bank, like a vendor payment.
 */
export const expensePayments = settlementDocument({
  module: 'purchase',
  plural: 'expense-payments',
  label: 'Expense payment',
  path: '/api/purchase/expense-payments',
  stream: 'expense-payment',
  events: 'ExpensePayment',
  listTable: 'expense_payment_list',
  party: { field: 'vendorId', singular: 'vendor', label: 'Vendor', missing: 'Please select a vendor or payee' },
  dateField: 'paymentDate',
  numberField: 'paymentNumber',
  numberLabel: 'Expense payment number',
  series: { setting: 'expensePaymentPrefix', label: 'Expense Payment Prefix', defaultPrefix: 'EPAY' },
  lineAmount: { field: 'paidAmount', label: 'Paid amount', missing: 'Paid amount is required' },
  texts: ['referenceNumber', 'description'],
  searchOn: ['referenceNumber', 'paymentMethod'],
  invoices: expenses,
});

export type ExpenseInput = z.input<typeof expenses.body>;
export type Expense = z.output<typeof expenses.record>;
export type ExpensePayment = z.output<typeof expensePayments.record>;
