import { expensePayments, vendorPayments } from '@erp/contracts';
import { describe, expect, it } from 'vitest';

import { settlementConfig } from '@/features/documents/settlement-config';
import { openToSettle, titleWords } from '@/features/documents/settlement-open';
import { expensePaymentsResource } from '@/features/purchase/expense-payments/expense-payments.resource';
import { vendorPaymentsResource } from '@/features/purchase/payments/payments.resource';

/** Paise → the API's money string: 1250050 → '12500.50' (the test's own integers). */
const money = (paise: number) => `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, '0')}`;

const row = (id: number, vendorId: number, total: number, due: number, more: { status?: string; active?: boolean } = {}) => ({
  id,
  vendorId,
  expenseNumber: `EXP/2026-27/000${id}`,
  totalAmount: money(total),
  balanceDue: money(due),
  status: more.status ?? (due === total ? 'pending' : due === 0 ? 'paid' : 'partial'),
  active: more.active ?? true,
});

describe('a settlement line offers', () => {
  const rows = [row(1, 4, 1500000, 1500000), row(2, 4, 800000, 300000), row(3, 4, 250000, 0), row(4, 5, 100000, 100000), row(5, 4, 90000, 90000, { active: false })];

  it("the party's active expenses not fully paid, by their own number, with what is left", () => {
    expect(openToSettle(expensePayments, rows, 4)).toEqual([
      { id: 1, invoiceNumber: 'EXP/2026-27/0001', totalAmount: money(1500000), balanceDue: money(1500000) },
      { id: 2, invoiceNumber: 'EXP/2026-27/0002', totalAmount: money(800000), balanceDue: money(300000) },
    ]);
  });

  it('those a payment being edited settles, its own share counted back in (paid ones too)', () => {
    const record = { lines: [{ invoiceId: 3, paidAmount: money(250000) }, { invoiceId: 2, paidAmount: money(500000) }] };
    expect(openToSettle(expensePayments, rows, 4, record).map((o) => [o.id, o.balanceDue])).toEqual([
      [1, money(1500000)],
      [2, money(300000 + 500000)],
      [3, money(250000)],
    ]);
  });

  it('nothing for a party with none', () => expect(openToSettle(expensePayments, rows, 9)).toEqual([]));
});

describe('settlement screens from the contract', () => {
  const names = { useParties: () => null, useOpen: () => [], partyName: () => 'Mehta', invoiceName: () => 'EXP/1' };

  it('names its words from the kind', () => {
    expect(titleWords('paymentDate')).toBe('Payment Date');
    expect(titleWords('Expense payment')).toBe('Expense Payment');
    const texts = { title: 'Expense Payments', subtitle: 's', empty: 'e', createSubtitle: 'c', module: { name: 'purchase', label: 'Purchase' } };
    const config = settlementConfig(expensePayments, texts, { resource: expensePaymentsResource, ...names });
    expect([config.addLabel, config.searchPlaceholder, config.form.titles.create, config.form.voidConfirm?.title]).toEqual([
      'Add Expense Payment',
      'Search expense payments...',
      'Create Expense Payment',
      'Void Expense Payment',
    ]);
    const lines = config.form.lines!;
    expect([lines.title, lines.addLabel, lines.columns.map((c) => c.label), lines.invoices?.placeholder, lines.invoices?.hint, lines.needSaved]).toEqual([
      'Expense Lines',
      'Add Expense',
      ['Expense', 'Paid Amount'],
      'Select an expense…',
      'Select a vendor first to add expenses',
      'Please add and save at least one expense line',
    ]);
    expect(lines.problem({ invoiceId: '' }, {})).toBe('Please select an expense');
    expect(lines.optional).toBeUndefined();
    expect(config.form.sections[0]!.fields.map((f) => f.label)).toEqual(['Vendor', 'Payment Date', 'Payment Method', 'Reference Number', 'Description']);
  });

  it("says a vendor payment's words as its own screen does", () => {
    const advance = { amountLabel: 'Amount Paid', needSaved: 'Please add and save at least one invoice line, or say the amount paid (an advance)' };
    const texts = { title: 'Payments', subtitle: 'Process vendor payments', empty: 'e', createSubtitle: 'c', module: { name: 'purchase', label: 'Purchase' }, advance };
    const config = settlementConfig(vendorPayments, texts, { resource: vendorPaymentsResource, ...names });
    expect([config.addLabel, config.searchPlaceholder, config.empty.searching, config.form.submitLabels.update, config.form.voidConfirm?.body]).toEqual([
      'Add Payment',
      'Search payments...',
      'No payments found matching your search.',
      'Update Payment',
      'A voided payment settles no invoice: each invoice it paid owes that money again. This cannot be undone. Why is it voided?',
    ]);
    const lines = config.form.lines!;
    expect([lines.title, lines.addLabel, lines.totalsTitle, lines.invoices?.hint]).toEqual(['Invoice Lines', 'Add Invoice', 'Total Payment', 'Select a vendor first to add invoices']);
    expect(config.form.sections[0]!.fields.map((f) => f.label)).toEqual(['Vendor', 'Payment Date', 'Payment Method', 'Amount Paid', 'Reference Number', 'Description']);
    expect(config.card.fields.map((f) => f.label)).toEqual(['Number', 'Total', 'Date', 'Invoice', 'Advance Left', 'Reference', 'Description']);
  });
});
