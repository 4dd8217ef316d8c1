import { customersEntity, receipts, salesInvoices } from '@erp/contracts';
import { describe, expect, it } from 'vitest';

import { offlineCommand } from './offline-commands';

describe('what may be done offline (issue 47)', () => {
  it('a sale, a receipt and a customer, new or changed: yes', () => {
    expect(offlineCommand('POST', salesInvoices.path)).toBeDefined();
    expect(offlineCommand('POST', receipts.path)).toBeDefined();
    expect(offlineCommand('POST', customersEntity.path)).toBeDefined();
    expect(offlineCommand('PUT', `${customersEntity.path}/12`)).toBeDefined();
  });

  it('settings, users, voids, deletes, returns and other records: no', () => {
    expect(offlineCommand('PUT', '/api/settings/business')).toBeUndefined();
    expect(offlineCommand('POST', '/api/settings/users')).toBeUndefined();
    expect(offlineCommand('POST', `${receipts.path}/3/void`)).toBeUndefined();
    expect(offlineCommand('DELETE', `${customersEntity.path}/12`)).toBeUndefined();
    expect(offlineCommand('PUT', `${salesInvoices.path}/12`)).toBeUndefined();
    expect(offlineCommand('POST', '/api/sales/credit-notes')).toBeUndefined();
    expect(offlineCommand('PUT', `${customersEntity.path}/x`)).toBeUndefined();
  });
});
