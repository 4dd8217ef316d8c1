import { conflict, type Device, type DeviceBody, deviceCode, type DeviceRegistered, DeviceRegisteredSchema } from '@erp/contracts';

import type { Command, Decider } from '../shared/decider';

export type DeviceState = { readonly status: 'new' } | { readonly status: 'registered'; readonly device: Device };

export type DeviceCommand = Command<'Register', { readonly id: number; readonly body: DeviceBody }>;

/**
 * A device that may sell offline (one stream each, `device-<id>`): registered once, its code
 * (`D<id>`) naming its own series of sales invoice numbers (contracts settings/devices.ts).
 */
export const deviceDecider: Decider<DeviceState, DeviceCommand, DeviceRegistered> = {
  initialState: () => ({ status: 'new' }),
  decode: (stored) => (stored.type === 'DeviceRegistered' ? DeviceRegisteredSchema.parse(stored) : null),
  evolve: (_state, event) => ({ status: 'registered', device: event.data }),
  decide: (command, state) => {
    if (state.status === 'registered') throw conflict(`Device ${state.device.code} is already registered`);
    const { id, body } = command.data;
    return [{ type: 'DeviceRegistered', data: { id, code: deviceCode(id), name: body.name } }];
  },
};

export const deviceOf = (state: DeviceState): Device | null => (state.status === 'registered' ? state.device : null);
