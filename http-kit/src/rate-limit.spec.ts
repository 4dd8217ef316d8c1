import { describe, expect, it } from 'vitest';

import { rateLimitHeaders, rateLimiter, takeToken } from './rate-limit';

const rule = { limit: 3, windowSeconds: 60 };

describe('takeToken', () => {
  it('lets a full bucket give `limit` requests, then refuses with the wait for one token', () => {
    let bucket;
    const remaining: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const take = takeToken(rule, bucket, 1000);
      expect(take.allowed).toBe(true);
      remaining.push(take.remaining);
      bucket = take.bucket;
    }
    expect(remaining).toEqual([2, 1, 0]);
    const refused = takeToken(rule, bucket, 1000);
    expect(refused).toMatchObject({ allowed: false, remaining: 0, retryAfterSeconds: 20, resetSeconds: 60 });
  });

  it('refills at limit per window, never above the limit', () => {
    const empty = { tokens: 0, at: 0 };
    expect(takeToken(rule, empty, 19_999).allowed).toBe(false);
    expect(takeToken(rule, empty, 20_000)).toMatchObject({ allowed: true, remaining: 0 });
    expect(takeToken(rule, empty, 3_600_000)).toMatchObject({ allowed: true, remaining: 2, resetSeconds: 20 });
  });

  it('answers the headers, Retry-After only on a refusal', () => {
    const ok = takeToken(rule, undefined, 0);
    expect(rateLimitHeaders(rule, ok)).toEqual({ 'RateLimit-Limit': '3', 'RateLimit-Remaining': '2', 'RateLimit-Reset': '20' });
    const refused = takeToken(rule, { tokens: 0.5, at: 0 }, 0);
    expect(rateLimitHeaders(rule, refused)).toEqual({ 'RateLimit-Limit': '3', 'RateLimit-Remaining': '0', 'RateLimit-Reset': '50', 'Retry-After': '10' });
  });
});

describe('rateLimiter', () => {
  it('keeps a bucket per key', () => {
    let now = 0;
    const take = rateLimiter({ limit: 1, windowSeconds: 1 }, () => now);
    expect(take(1).allowed).toBe(true);
    expect(take(1).allowed).toBe(false);
    expect(take(2).allowed).toBe(true);
    now = 1000;
    expect(take(1).allowed).toBe(true);
  });
});
