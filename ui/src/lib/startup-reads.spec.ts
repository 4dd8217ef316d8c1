import { api, BUSINESS_PATH } from '@erp/contracts';
import { describe, expect, it } from 'vitest';

import { screenKey, startupReads } from './startup-reads';

describe('startup reads', () => {
  it('names the screen a full page load opens', () => {
    expect(screenKey('/')).toBe('home');
    expect(screenKey('/login')).toBe('login');
    expect(screenKey('/module/purchase')).toBe('module');
    expect(screenKey('/module/purchase/task/vendors')).toBe('purchase/vendors');
    expect(screenKey('/module/purchase/task/vendors/7')).toBe('');
    expect(screenKey('/nowhere')).toBe('');
  });

  it('starts the session, and what the opened screen reads first', () => {
    expect(startupReads('home')).toEqual([api.auth.me, api.modules, api.homeSummary]);
    expect(startupReads('purchase/vendors')).toEqual([api.auth.me, '/api/purchase/vendors?limit=100']);
    // A list whose cards name a party starts the party list too: no card waits to say '…' (issue 47).
    expect(startupReads('sales/invoices')).toEqual([api.auth.me, '/api/sales/invoices?limit=100', '/api/sales/customers', BUSINESS_PATH]);
    expect(startupReads('purchase/payments')).toEqual([api.auth.me, '/api/purchase/payments?limit=100', '/api/purchase/vendors', '/api/purchase/invoices']);
    // The inventory report is not a list of its path: the session only.
    expect(startupReads('inventory/inventory')).toEqual([api.auth.me]);
    expect(startupReads('login')).toEqual([api.auth.me]);
    expect(startupReads('')).toEqual([api.auth.me]);
  });
});
