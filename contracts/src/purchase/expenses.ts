import type { z } from 'zod';

import { invoiceDocument } from '../documents';

/**
 * Expenses (issue 45): what the shop spends that is not stock it sells — rent, electricity,
 * transport, supplies, wages, repairs. Each is booked under its category (a ledger of the chart,
 * shown as an expense head in the profit and loss); with GST, only from a supplier with a GSTIN,
 * its tax is input tax credit (the inward side of the returns, like a bill). Paid now (cash, bank,
 * UPI) it is settled as it is recorded; left unpaid it is owed to the vendor (payables, ageing).
 * No stock moves. It may repeat monthly: the next month's copy is made on demand, once.
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
  settledByStream: 'vendor-payment',
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

export type ExpenseInput = z.input<typeof expenses.body>;
export type Expense = z.output<typeof expenses.record>;
