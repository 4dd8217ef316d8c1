import { describe, expect, it } from 'vitest';

import { readMasterDataEvent, vendorsEntity } from './index';

describe('readMasterDataEvent', () => {
  it('reads a created vendor as its values without the id, leaving the stored event as it was', () => {
    const stored = { type: vendorsEntity.events.names.created, data: { id: 7, name: 'Asha Traders', contactPerson: 'Asha' } };
    const change = readMasterDataEvent(vendorsEntity, stored);
    expect(change).toMatchObject({ kind: 'created', id: 7, values: { name: 'Asha Traders', contactPerson: 'Asha' } });
    expect(change && 'values' in change ? change.values : {}).not.toHaveProperty('id');
    expect(stored.data.id).toBe(7);
  });

  it('keeps a __proto__ key of an imported event, if the schema lets it through, as a value: no prototype changes', () => {
    const stored = JSON.parse(`{"type":"${vendorsEntity.events.names.created}","data":{"id":8,"name":"Proto","__proto__":{"polluted":true}}}`) as unknown;
    const change = readMasterDataEvent(vendorsEntity, stored);
    const values = change && 'values' in change ? change.values : {};
    expect(Object.getPrototypeOf(values)).toBe(Object.prototype);
    expect((values as { polluted?: unknown }).polluted).toBeUndefined();
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it('is null for an event of another kind', () => {
    expect(readMasterDataEvent(vendorsEntity, { type: 'SomethingElse', data: {} })).toBeNull();
  });
});
