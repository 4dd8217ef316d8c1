import type { Metric, Registry } from 'prom-client';

interface Series {
  readonly labels: { readonly method: string; readonly route: string; readonly status: string };
  /** Observations per bucket, not cumulative (made so at a scrape). */
  readonly counts: number[];
  sum: number;
  count: number;
}

/**
 * A Prometheus histogram observed on every request: each series keeps plain counts, found by one
 * string key (prom-client's Histogram checks and hashes its labels at every observation, a cost
 * on the request path), and is written in the histogram form (`_bucket` with `le`, `_sum`,
 * `_count`) at each scrape.
 */
export const requestHistogram = (registry: Registry, name: string, help: string, buckets: readonly number[]) => {
  const series = new Map<string, Series>();
  const observe = (method: string, route: string, status: number, seconds: number) => {
    const key = `${method} ${status} ${route}`;
    let s = series.get(key);
    if (!s) series.set(key, (s = { labels: { method, route, status: String(status) }, counts: buckets.map(() => 0), sum: 0, count: 0 }));
    // le is inclusive: the first bucket at or above the value; above the last, +Inf alone.
    let i = 0;
    while (i < buckets.length && seconds > buckets[i]!) i++;
    if (i < buckets.length) s.counts[i]!++;
    s.sum += seconds;
    s.count++;
  };
  const values = () =>
    [...series.values()].flatMap((s) => {
      let total = 0;
      return [
        ...buckets.map((le, i) => ({ metricName: `${name}_bucket`, labels: { le, ...s.labels }, value: (total += s.counts[i]!) })),
        { metricName: `${name}_bucket`, labels: { le: '+Inf', ...s.labels }, value: s.count },
        { metricName: `${name}_sum`, labels: s.labels, value: s.sum },
        { metricName: `${name}_count`, labels: s.labels, value: s.count },
      ];
    });
  const metric = {
    name,
    help,
    type: 'histogram',
    aggregator: 'sum',
    get: async () => ({ name, help, type: 'histogram', aggregator: 'sum', values: values() }),
    reset: () => series.clear(),
  };
  registry.registerMetric(metric as unknown as Metric);
  return observe;
};
