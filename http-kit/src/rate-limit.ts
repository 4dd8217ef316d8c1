/**
 * A token bucket per key (issue 46): `limit` requests at once, refilled at `limit` per
 * `windowSeconds`. Pure: the caller passes the time, so the rules are tested without waiting.
 */
export interface RateLimit {
  /** Requests a full bucket holds (RateLimit-Limit). */
  readonly limit: number;
  /** Seconds to refill an empty bucket. */
  readonly windowSeconds: number;
}

export interface Bucket {
  readonly tokens: number;
  readonly at: number;
}

export interface Take {
  readonly allowed: boolean;
  readonly bucket: Bucket;
  /** Whole requests left after this one (RateLimit-Remaining). */
  readonly remaining: number;
  /** Seconds until the bucket is full again (RateLimit-Reset). */
  readonly resetSeconds: number;
  /** Seconds until one request is allowed again, when this one was not (Retry-After). */
  readonly retryAfterSeconds: number;
}

/** Takes one token from the bucket as it stands at `nowMs` (a bucket never seen starts full). */
export const takeToken = (rule: RateLimit, bucket: Bucket | undefined, nowMs: number): Take => {
  const perMs = rule.limit / (rule.windowSeconds * 1000);
  const before = bucket ? Math.min(rule.limit, bucket.tokens + Math.max(0, nowMs - bucket.at) * perMs) : rule.limit;
  const allowed = before >= 1;
  const tokens = allowed ? before - 1 : before;
  return {
    allowed,
    bucket: { tokens, at: nowMs },
    remaining: Math.floor(tokens),
    resetSeconds: Math.ceil((rule.limit - tokens) / perMs / 1000),
    retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((1 - tokens) / perMs / 1000)),
  };
};

/** Buckets of one process, by key id: each process of a services deployment counts its own. */
export const rateLimiter = (rule: RateLimit, now: () => number = Date.now) => {
  const buckets = new Map<number, Bucket>();
  return (keyId: number): Take => {
    const take = takeToken(rule, buckets.get(keyId), now());
    // Full buckets are forgotten: the map holds only keys in use lately.
    if (buckets.size > 10_000) for (const [id, b] of buckets) if (takeToken(rule, b, now()).remaining >= rule.limit - 1) buckets.delete(id);
    buckets.set(keyId, take.bucket);
    return take;
  };
};

/** The headers of a key's answer (IETF draft RateLimit header fields), and Retry-After on a 429. */
export const rateLimitHeaders = (rule: RateLimit, take: Take): Record<string, string> => ({
  'RateLimit-Limit': String(rule.limit),
  'RateLimit-Remaining': String(take.remaining),
  'RateLimit-Reset': String(take.resetSeconds),
  ...(take.allowed ? {} : { 'Retry-After': String(take.retryAfterSeconds) }),
});
