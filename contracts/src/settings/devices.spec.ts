import { describe, expect, it } from 'vitest';

import { seriesNumber } from '../documents/series';
import { BusinessBodySchema } from './business';
import { deviceCode, deviceSeriesNumber } from './devices';

describe("a device's own series (issue 47)", () => {
  it('numbers within CGST Rule 46: at most 16 characters, the financial year in it', () => {
    expect(deviceSeriesNumber(deviceCode(2), '2026-27', 1)).toBe('D2/2026-27/0001');
    expect(deviceSeriesNumber(deviceCode(123), '2026-27', 42)).toBe('D123/26-27/0042');
    expect(deviceSeriesNumber(deviceCode(123), '2026-27', 42).length).toBeLessThanOrEqual(16);
  });

  it("never gives a number of the business's own series: a prefix may not be a device code", () => {
    const body = (invoicePrefix: string) => BusinessBodySchema.safeParse({ legalName: 'Shop', state: '27', invoicePrefix });
    expect(body('D2').success).toBe(false);
    expect(body('D2').error?.issues[0]).toMatchObject({ path: ['invoicePrefix'], message: expect.stringContaining("device's own series") });
    expect(body('DN').success).toBe(true);
    expect(seriesNumber('INV', '2026-27', 1)).not.toBe(deviceSeriesNumber(deviceCode(1), '2026-27', 1));
  });
});
