import { describe, expect, it } from 'vitest';

import { todayInIndia } from './read-your-writes';

describe("a report's default day", () => {
  it('is the day in India: from 00:00 to 05:30 IST the UTC date is still yesterday', () => {
    expect(todayInIndia({ clock: () => new Date('2026-11-27T18:29:59Z') })).toBe('2026-11-27');
    expect(todayInIndia({ clock: () => new Date('2026-11-27T18:30:00Z') })).toBe('2026-11-28');
    // 31 March 23:59 IST is still the old financial year; 1 April 00:00 IST is the new one.
    expect(todayInIndia({ clock: () => new Date('2027-03-31T18:29:00Z') })).toBe('2027-03-31');
    expect(todayInIndia({ clock: () => new Date('2027-03-31T18:30:00Z') })).toBe('2027-04-01');
  });
});
