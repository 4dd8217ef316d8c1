import { z } from 'zod';

import { requiredTextInput } from '../fields';
import { seriesNumber } from '../documents/series';

/**
 * A device that may sell offline (issue 47) registers once, online, and is given a code (`D2`):
 * the sales invoices it makes offline take their numbers from its own series, `D2/2026-27/0001`
 * (CGST Rule 46 allows several series; each is consecutive and unique for a financial year).
 * The business's own series is `<prefix>/…`, and a prefix may not be a device code, so the two
 * never give the same number; a number claimed twice is still refused by its claim (DESIGN §4).
 */
export const DEVICES_PATH = '/api/devices';

export const deviceStream = (id: number) => `device-${id}`;
export const deviceCode = (id: number) => `D${id}`;
/** A device code: what a series prefix may not be. */
export const DEVICE_CODE = /^D[0-9]+$/;

export const DeviceBodySchema = z.object({
  /** What the owner will recognise it by: 'Counter phone'. */
  name: requiredTextInput('Please name the device', 60),
});
export type DeviceBody = z.output<typeof DeviceBodySchema>;

export const DeviceSchema = z.object({ id: z.number().int().positive(), code: z.string().regex(DEVICE_CODE), name: z.string() });
export type Device = z.output<typeof DeviceSchema>;

export const DeviceRegisteredSchema = z.object({ type: z.literal('DeviceRegistered'), data: DeviceSchema });
export type DeviceRegistered = z.output<typeof DeviceRegisteredSchema>;

/** The `seq`th number of a device's series in a financial year: `D2/2026-27/0001`. */
export const deviceSeriesNumber = (code: string, financialYear: string, seq: number) => seriesNumber(code, financialYear, seq);
