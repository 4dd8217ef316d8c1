import { DomainError } from '@erp/contracts';
import { describe, expect, it } from 'vitest';

import { DeciderSpecification } from '../testing/decider-specification';
import { type DeviceCommand, deviceDecider } from './device.decider';

const metadata = { now: new Date('2026-11-27T10:00:00Z'), userId: 1, correlationId: 'c-1' };
const register = (id: number, name: string): DeviceCommand => ({ type: 'Register', data: { id, body: { name } }, metadata });
const registered = (id: number, name: string) => ({ type: 'DeviceRegistered' as const, data: { id, code: `D${id}`, name } });

const spec = DeciderSpecification.for(deviceDecider);

describe('device registration', () => {
  it('gives a new device the code of its id, naming its own series', () =>
    spec.given([]).when(register(2, 'Counter phone')).then([registered(2, 'Counter phone')]));
  it('refuses to register the same device twice: its series has one owner', () =>
    spec.given([registered(2, 'Counter phone')]).when(register(2, 'Another phone')).thenThrows((e) => {
      expect(e).toBeInstanceOf(DomainError);
      expect(e).toMatchObject({ kind: 'conflict', message: 'Device D2 is already registered' });
      return true;
    }));
});
