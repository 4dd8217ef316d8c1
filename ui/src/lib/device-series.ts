import { DEVICES_PATH, deviceSeriesNumber, financialYear } from '@erp/contracts';
import { createStore, get, set, update } from 'idb-keyval';

/**
 * This device's own series of sales invoice numbers (issue 47, contracts settings/devices.ts):
 * registered once online, then numbered here, offline, gap-free as far as the device can see.
 * The code and the counters live in one store: a device whose storage was wiped loses both and
 * registers again under a new code, so it never gives a number of its old series twice.
 */
const store = () => createStore('erp-device', 'series');
const CODE = 'code';

export const deviceSeriesCode = () => get<string>(CODE, store());

/** Registers this device once (a signed-in user who may write, online): its code is kept here. */
let registering: Promise<void> | null = null;

export function registerDevice(post: (path: string, body: unknown) => Promise<{ code: string }>): Promise<void> {
  registering ??= (async () => {
    if (await deviceSeriesCode()) return;
    const name = `${/Mobi|Android/i.test(navigator.userAgent) ? 'Phone' : 'Computer'} ${new Date().toISOString().slice(0, 10)}`;
    const { code } = await post(DEVICES_PATH, { name });
    await set(CODE, code, store());
  })().finally(() => {
    registering = null;
  });
  return registering;
}

/** The next number of the device's series for this date's financial year, or null before it has a code. */
export async function takeDeviceNumber(date: string): Promise<string | null> {
  const code = await deviceSeriesCode();
  if (!code) return null;
  const fy = financialYear(date);
  let seq = 0;
  await update<number>(`${code}/${fy}`, (last) => (seq = (last ?? 0) + 1), store());
  return deviceSeriesNumber(code, fy, seq);
}

/** A discarded document gives its number back when it was the last one taken: no gap. */
export async function giveBackDeviceNumber(number: string, date: string) {
  const code = await deviceSeriesCode();
  if (!code) return;
  const key = `${code}/${financialYear(date)}`;
  await update<number>(key, (last) => (last && deviceSeriesNumber(code, financialYear(date), last) === number ? last - 1 : (last ?? 0)), store());
}
