import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';

import { requestHistogram } from './request-histogram';

const BUCKETS = [0.005, 0.05, 0.5];

describe('requestHistogram', () => {
  it("writes what prom-client's Histogram writes for the same observations", async () => {
    const ours = new Registry();
    const theirs = new Registry();
    const observe = requestHistogram(ours, 'req_seconds', 'Requests', BUCKETS);
    const reference = new Histogram({ name: 'req_seconds', help: 'Requests', labelNames: ['method', 'route', 'status'] as const, buckets: BUCKETS, registers: [theirs] });
    const samples: [string, string, number, number][] = [
      ['GET', '/api/purchase/vendors/:id', 200, 0.001],
      ['GET', '/api/purchase/vendors/:id', 200, 0.005],
      ['GET', '/api/purchase/vendors/:id', 200, 0.2],
      ['GET', '/api/purchase/vendors/:id', 200, 7],
      ['POST', '/api/purchase/vendors', 201, 0.04],
      ['POST', 'unmatched', 401, 0.0001],
    ];
    for (const [method, route, status, seconds] of samples) {
      observe(method, route, status, seconds);
      reference.observe({ method, route, status: String(status) }, seconds);
    }
    const lines = async (registry: Registry) => (await registry.metrics()).trim().split('\n').sort();
    expect(await lines(ours)).toEqual(await lines(theirs));
    expect(await lines(ours)).toContain('req_seconds_bucket{le="0.005",method="GET",route="/api/purchase/vendors/:id",status="200"} 2');
  });
});
