import { describe, expect, it } from 'vitest';

import { ApiError } from '@/lib/api-client';
import { errorText, mayPassOnRetry, needsSettings } from '@/lib/error-text';

describe('errorText', () => {
  it('says how long to wait when the server is busy or throttling, in its own words', () => {
    const busy = new ApiError(503, '', { error: 'unavailable', message: 'Too many sign-ins are being checked right now; try again in 2 seconds' });
    expect(errorText(busy)).toBe('Too many sign-ins are being checked right now; try again in 2 seconds');
    const throttled = new ApiError(429, '', { error: 'too_many_requests', message: 'Too many failed sign-ins. Try again in 30 seconds.' });
    expect(errorText(throttled)).toBe('Too many failed sign-ins. Try again in 30 seconds.');
  });

  it('a proxy’s bare 503 and other server errors stay generic: no stack or SQL reaches a person', () => {
    expect(errorText(new ApiError(503, '<html>', null))).toBe('The server is busy. Please try again in a moment.');
    expect(errorText(new ApiError(500, '', { message: 'relation "x" does not exist' }))).toBe('The server had a problem. Please try again in a moment.');
  });

  it('offers another try only where one may pass, and Settings where the refusal names it', () => {
    const noGstin = new ApiError(400, '', { error: 'validation_failed', message: 'Set the business GSTIN in Settings first' });
    expect([mayPassOnRetry(noGstin), needsSettings(noGstin)]).toEqual([false, true]);
    expect([mayPassOnRetry(new ApiError(400, '', { message: 'Choose a period' })), needsSettings(new ApiError(400, '', { message: 'Choose a period' }))]).toEqual([false, false]);
    for (const status of [408, 429, 500, 502, 503]) expect(mayPassOnRetry(new ApiError(status, '', null)), String(status)).toBe(true);
    expect(mayPassOnRetry(new TypeError('Failed to fetch'))).toBe(true);
    expect(needsSettings(new ApiError(500, '', { message: 'in Settings' }))).toBe(false);
  });
});
