import { conflict, type ReservationEvent, ReservationEventSchema } from '@erp/contracts';

import type { Command, Decider } from '../shared/decider';

export interface ReservationState {
  /** The record that holds the value now, if any. */
  readonly ownerId: number | null;
}

interface Claim {
  readonly field: string;
  readonly value: string;
  readonly ownerId: number;
  /** Said when someone else holds it, e.g. 'Employee ID E042 is already in use'. */
  readonly takenMessage: string;
}

export type ReservationCommand =
  | Command<'Claim', Claim>
  | Command<'Release', { readonly field: string; readonly value: string; readonly ownerId: number }>;

/**
 * A unique value's claim (DESIGN §4): its stream holds who has it. Claiming a value someone
 * else holds is a 409 naming the field; claiming one's own again, or releasing what one does not
 * hold, changes nothing.
 */
export const reservationDecider: Decider<ReservationState, ReservationCommand, ReservationEvent> = {
  initialState: () => ({ ownerId: null }),
  decode: (stored) => {
    if (stored.type !== 'UniqueValueClaimed' && stored.type !== 'UniqueValueReleased') return null;
    return ReservationEventSchema.parse(stored);
  },
  evolve: (state, event) => {
    switch (event.type) {
      case 'UniqueValueClaimed':
        return { ownerId: event.data.ownerId };
      case 'UniqueValueReleased':
        return state.ownerId === event.data.ownerId ? { ownerId: null } : state;
    }
  },
  decide: (command, state) => {
    const { field, value, ownerId } = command.data;
    switch (command.type) {
      case 'Claim':
        if (state.ownerId === ownerId) return [];
        if (state.ownerId !== null) {
          throw conflict(command.data.takenMessage, [{ path: field, message: command.data.takenMessage }]);
        }
        return { type: 'UniqueValueClaimed', data: { field, value, ownerId } };
      case 'Release':
        return state.ownerId === ownerId ? { type: 'UniqueValueReleased', data: { field, value, ownerId } } : [];
    }
  },
};
