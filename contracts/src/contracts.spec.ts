import { describe, expect, it } from 'vitest';

import {
  CredentialsSchema,
  findModule,
  gstinCheckCharacter,
  gstinProblem,
  lineAmount,
  MODULES,
  panProblem,
  sumMoney,
  taskSlug,
  tasksOf,
  toMoney,
  VendorBodySchema,
} from './index';

describe('money', () => {
  it('is exact where floats are not', () => {
    expect(sumMoney(['0.1', '0.2'])).toBe('0.30');
    expect(lineAmount('1.005', '100')).toBe('100.50');
    expect(lineAmount(3, '33.33')).toBe('99.99');
  });
  it('rounds half up to 2 decimals', () => {
    expect(toMoney('2.345')).toBe('2.35');
    expect(toMoney(null)).toBe('0.00');
  });
});

describe('GSTIN and PAN', () => {
  it('accepts real GSTINs and computes their check character', () => {
    for (const g of ['27AAPFU0939F1ZV', '29AAGCB7383J1Z4', '27AAACR5055K1Z7']) {
      expect(gstinProblem(g)).toBeNull();
      expect(gstinCheckCharacter(g.slice(0, 14))).toBe(g[14]);
    }
  });
  it('explains what is wrong', () => {
    expect(gstinProblem('27AAPFU0939F1Z')).toMatch(/15 characters/);
    expect(gstinProblem('27aapfu0939f1zv')).toMatch(/format/);
    expect(gstinProblem('27AAPFU0939F1ZX')).toMatch(/check digit/);
    expect(panProblem('ABCDE1234F')).toBeNull();
    expect(panProblem('ABCDE12345')).toMatch(/format/);
  });
});

describe('vendor body', () => {
  it('needs a name, with the library message', () => {
    const result = VendorBodySchema.safeParse({});
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['name', 'Required']]);
  });
  it('turns blanks into null, uppercases tax ids and defaults active', () => {
    expect(VendorBodySchema.parse({ name: ' A ', email: '', gstNumber: '27aapfu0939f1zv', panNumber: 'aapfu0939f' })).toEqual({
      name: 'A', contactPerson: null, phone: null, email: null, address: null,
      gstNumber: '27AAPFU0939F1ZV', panNumber: 'AAPFU0939F', paymentTerms: null, paymentTermDays: null, msme: null, udyamNumber: null, active: true,
    });
  });
  it('puts GST and PAN mistakes on their fields', () => {
    const result = VendorBodySchema.safeParse({ name: 'A', gstNumber: '27AAPFU0939F1ZX', panNumber: '123', email: 'x' });
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['email', 'gstNumber', 'panNumber']);
  });
});

describe('module catalogue', () => {
  it('has the nine modules, each with tasks whose slugs are the seed routes (the books\' since issue 21)', () => {
    expect(MODULES.map((m) => m.name)).toEqual(['purchase', 'sales', 'inventory', 'hr', 'crm', 'accounting', 'payments', 'banking', 'reports']);
    expect(tasksOf('inventory').map((t) => taskSlug(t.name))).toEqual(['items', 'stock-adjustments', 'inventory']);
    expect(tasksOf('purchase').map((t) => taskSlug(t.name))).toEqual(['vendors', 'invoices', 'payments', 'debit-notes', 'refunds', 'purchase-orders', 'expenses', 'expense-payments']);
    expect(tasksOf('sales').map((t) => taskSlug(t.name))).toEqual(['customers', 'invoices', 'receipts', 'credit-notes', 'refunds', 'estimates', 'sale-orders', 'delivery-challans']);
    expect(tasksOf('reports').map((t) => taskSlug(t.name))).toEqual(['profit-and-loss', 'balance-sheet', 'statements', 'sales-register', 'purchase-register', 'ageing', 'debtors-and-creditors', 'gst-returns', 'match-gstr-2b', 'gstr-3b', 'gst-tie-out', 'filed-returns']);
    expect(tasksOf('accounting').map((t) => taskSlug(t.name))).toEqual(['ledgers', 'chart-of-accounts', 'day-book', 'opening-balances', 'journal-vouchers', 'trial-balance']);
    expect(findModule('nope')).toBeUndefined();
  });
  it('slugs collapse whitespace runs', () => expect(taskSlug('  Stock   Adjustments ')).toBe('stock-adjustments'));
});

describe('credentials', () => {
  it('refuse a username PostgreSQL cannot keep (NUL, a lone surrogate) with a message, not a crash later', () => {
    for (const username of ['a\u0000b', 'x\ud800', '\udc00y']) {
      const result = CredentialsSchema.safeParse({ username, password: 'long enough' });
      expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['username', 'Contains characters that cannot be stored']]);
    }
    expect(CredentialsSchema.parse({ username: ' owner 😀 ', password: 'x' }).username).toBe('owner 😀');
  });
});
