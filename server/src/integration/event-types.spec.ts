import { NewWebhookSchema, PUBLIC_EVENT_TYPES, unknownEventTypes } from '@erp/contracts';
import { describe, expect, it } from 'vitest';

import { integrationSubject } from './subjects';

/** A stream of the entity a published type belongs to, as the store names it. */
const streamOf = (entity: string) => (entity === 'user' ? 'user:7' : entity === 'business-profile' ? entity : `${entity}-7`);

describe('the published event types (issue 46: what a webhook may ask for)', () => {
  it('each is published on its own entity subject, once', () => {
    for (const { type, module, entity } of PUBLIC_EVENT_TYPES) expect(integrationSubject(streamOf(entity), type), type).toBe(`erp.${module}.${entity}.${type.replace(/ /g, '_')}`);
    expect(new Set(PUBLIC_EVENT_TYPES.map((p) => p.type)).size).toBe(PUBLIC_EVENT_TYPES.length);
  });

  it('holds the events of entities, their marks, documents, vouchers, the business profile and users', () => {
    const types = PUBLIC_EVENT_TYPES.map((p) => p.type);
    for (const type of ['VendorCreated', 'CustomerDeleted', 'CustomerUsed', 'LeadConverted', 'PayrollUpdated', 'SalesInvoiceRecorded', 'SalesInvoiceAllocationReleased', 'ReceiptVoided', 'CustomerRefundRevised', 'JournalVoucherRecorded', 'BusinessProfileSaved', 'UserAdded']) {
      expect(types, type).toContain(type);
    }
    expect(types).not.toContain('UniqueValueClaimed');
    expect(types).not.toContain('DocumentNumberIssued');
    // Every one can be asked for, `Stock adjustmentCreated` (a label with a space) too.
    expect(NewWebhookSchema.safeParse({ url: 'https://203.0.113.10/hook', eventTypes: types }).success).toBe(true);
  });

  it('names each unknown type by its place in the list', () => {
    expect(unknownEventTypes(['VendorCreated', 'VendorCreatd', 'vendorcreated'], PUBLIC_EVENT_TYPES)).toEqual([
      { path: 'eventTypes.1', message: 'Unknown event type: VendorCreatd' },
      { path: 'eventTypes.2', message: 'Unknown event type: vendorcreated' },
    ]);
    expect(unknownEventTypes(undefined, PUBLIC_EVENT_TYPES)).toEqual([]);
  });
});
