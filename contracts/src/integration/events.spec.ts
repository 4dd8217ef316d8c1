import { describe, expect, it } from 'vitest';

import { subjectResolver } from './events';

describe('integration subjects', () => {
  const subject = subjectResolver({ entities: [{ module: 'inventory', singular: 'stock-adjustment' }], documents: [], others: {} }, 'shop-2');

  it('start with the deployment prefix', () => {
    expect(subject('business-profile', 'BusinessProfileSaved')).toBe('shop-2.settings.business-profile.BusinessProfileSaved');
  });

  it('never carry a space, dot or wildcard in a token (NATS refuses such a subject, and the publisher would stop on it)', () => {
    expect(subject('stock-adjustment-4', 'Stock adjustmentCreated')).toBe('shop-2.inventory.stock-adjustment.Stock_adjustmentCreated');
    expect(subject('stock-adjustment-4', 'a.b*c>d')).toBe('shop-2.inventory.stock-adjustment.a_b_c_d');
  });
});
