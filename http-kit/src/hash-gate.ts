/**
 * Password hashes run on libuv's thread pool, the same threads that read the files the app
 * serves and compress its answers. This process-wide gate lets `concurrency` hashes run at once
 * and `queue` more wait; beyond that a hash is refused at once (HashingBusy: the route answers
 * 503 with Retry-After), so sign-ins sent by the hundred cannot take every thread nor pile up.
 */
export interface HashLimits {
  readonly concurrency: number;
  readonly queue: number;
}

/** A hash that could not even queue: try again after `retryAfterSeconds`. */
export class HashingBusy extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('Too many passwords are being checked right now');
    this.name = 'HashingBusy';
  }
}

/** Until the server sets its own (ERP_HASH_CONCURRENCY, ERP_HASH_QUEUE). */
let limits: HashLimits = { concurrency: 1, queue: 4 };
let running = 0;
const waiting: (() => void)[] = [];
/** How long a hash takes here, for Retry-After: about half a second until one has been timed. */
let averageMs = 500;

export const limitHashing = (next: HashLimits) => {
  limits = next;
};

const busy = () => new HashingBusy(Math.max(1, Math.ceil((averageMs * (running + waiting.length)) / limits.concurrency / 1000)));

/** For a route, before anything else: refuse now a request whose hash would be refused later. */
export const roomToHash = () => {
  if (running >= limits.concurrency && waiting.length >= limits.queue) throw busy();
};

/** Runs `work` (one hash) when a place is free: at once, after those queued before it, or never (HashingBusy). */
export const gated = async <T>(work: () => Promise<T>): Promise<T> => {
  if (running < limits.concurrency) running++;
  else if (waiting.length < limits.queue) await new Promise<void>((resolve) => waiting.push(resolve));
  else throw busy();
  const started = performance.now();
  try {
    return await work();
  } finally {
    averageMs = 0.8 * averageMs + 0.2 * (performance.now() - started);
    // The place passes straight to the next in the queue, or is freed.
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
};
