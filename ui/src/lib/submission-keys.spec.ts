import { describe, expect, it } from 'vitest';

import { SubmissionKeys } from './submission-keys';

/**
 * Issue 41 item 7: a retried save must not record a sale twice. Every POST carries an
 * Idempotency-Key, the same one while the same submission is still open.
 */
describe('one Idempotency-Key per submission', () => {
  const sale = { customerId: 7, lines: [{ itemName: 'Rice', quantity: '2', rate: '50' }] };
  const PATH = '/api/sales/invoices';

  it('is a random UUID (v4), another for every new submission', () => {
    const keys = new SubmissionKeys();
    const first = keys.keyFor(PATH, sale);
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    keys.answered(PATH, sale, 201);
    const many = new Set(Array.from({ length: 200 }, () => {
      const key = keys.keyFor(PATH, sale);
      keys.answered(PATH, sale, 201);
      return key;
    }));
    expect(many.size).toBe(200);
    expect(many.has(first)).toBe(false);
  });

  it('is kept while the submission waits for its answer and after a network error: Save pressed again sends the same key', () => {
    const keys = new SubmissionKeys();
    const key = keys.keyFor(PATH, sale);
    // A second press while the first is on its way, and one after the network lost the answer
    // (no answered() call: fetch threw).
    expect(keys.keyFor(PATH, structuredClone(sale))).toBe(key);
    expect(keys.keyFor(PATH, structuredClone(sale))).toBe(key);
  });

  it('is kept after a 5xx (a proxy that lost the answer may have passed the request on)', () => {
    const keys = new SubmissionKeys();
    const key = keys.keyFor(PATH, sale);
    keys.answered(PATH, sale, 502);
    expect(keys.keyFor(PATH, sale)).toBe(key);
  });

  it('is new once the server has answered (success or refusal): the same values again are a new submission', () => {
    for (const status of [201, 200, 204, 400, 409, 422]) {
      const keys = new SubmissionKeys();
      const key = keys.keyFor(PATH, sale);
      keys.answered(PATH, sale, status);
      expect(keys.keyFor(PATH, sale), String(status)).not.toBe(key);
    }
  });

  it('is new when the form values change, or for another route', () => {
    const keys = new SubmissionKeys();
    const key = keys.keyFor(PATH, sale);
    expect(keys.keyFor(PATH, { ...sale, customerId: 8 })).not.toBe(key);
    expect(keys.keyFor('/api/purchase/invoices', sale)).not.toBe(key);
    // The first submission is still open: going back to its values finds its key.
    expect(keys.keyFor(PATH, sale)).toBe(key);
  });

  it('is forgotten at sign-in and sign-out (clear), and only a bounded number of open submissions is kept', () => {
    const keys = new SubmissionKeys();
    const key = keys.keyFor(PATH, sale);
    keys.clear();
    expect(keys.keyFor(PATH, sale)).not.toBe(key);

    const bounded = new SubmissionKeys();
    const oldest = bounded.keyFor(PATH, { n: 0 });
    const second = bounded.keyFor(PATH, { n: 1 });
    for (let n = 2; n <= SubmissionKeys.OPEN_MAX; n++) bounded.keyFor(PATH, { n });
    // One more than the bound: the oldest open submission is let go, the next one is kept.
    expect(bounded.keyFor(PATH, { n: 1 })).toBe(second);
    expect(bounded.keyFor(PATH, { n: 0 })).not.toBe(oldest);
  });
});
