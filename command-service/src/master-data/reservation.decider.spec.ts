import { DomainError } from '@erp/contracts';
import { describe, expect, it } from 'vitest';

import { DeciderSpecification } from '../testing/decider-specification';
import { type ReservationCommand, reservationDecider } from './reservation.decider';

const metadata = { now: new Date('2026-11-22T10:00:00Z'), userId: 1, correlationId: 'c-1' };
const field = 'employeeId';
const value = 'E042';
const takenMessage = 'Employee ID E042 is already in use';
const claim = (ownerId: number): ReservationCommand => ({ type: 'Claim', data: { field, value, ownerId, takenMessage }, metadata });
const release = (ownerId: number): ReservationCommand => ({ type: 'Release', data: { field, value, ownerId }, metadata });
const claimed = (ownerId: number) => ({ type: 'UniqueValueClaimed' as const, data: { field, value, ownerId } });
const released = (ownerId: number) => ({ type: 'UniqueValueReleased' as const, data: { field, value, ownerId } });

const spec = DeciderSpecification.for(reservationDecider);

describe('unique value reservation', () => {
  it('claims a value nobody holds', () => spec.given([]).when(claim(7)).then([claimed(7)]));
  it('claims a value released before', () => spec.given([claimed(3), released(3)]).when(claim(7)).then([claimed(7)]));
  it('claiming its own value again changes nothing', () => spec.given([claimed(7)]).when(claim(7)).thenNothingHappened());
  it('refuses a value someone else holds: a conflict naming the field', () =>
    spec.given([claimed(3)]).when(claim(7)).thenThrows((e) => {
      expect(e).toBeInstanceOf(DomainError);
      expect(e).toMatchObject({ kind: 'conflict', message: takenMessage, issues: [{ path: field, message: takenMessage }] });
      return true;
    }));
  it('releases what it holds', () => spec.given([claimed(7)]).when(release(7)).then([released(7)]));
  it('releasing what another holds changes nothing', () => spec.given([claimed(3)]).when(release(7)).thenNothingHappened());
});
