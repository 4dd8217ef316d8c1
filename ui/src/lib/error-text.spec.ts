import { describe, expect, it } from 'vitest';

import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';

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
});
