/** One sample of a Prometheus text exposition: `name{a="x",b="y"} value`. */
export interface Sample {
  readonly name: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly value: number;
}

const LINE = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)$/;
const LABEL = /(\w+)="((?:[^"\\]|\\.)*)"/g;

/** Parses a /metrics answer (comments skipped); a malformed line throws. */
export const parseMetrics = (text: string): Sample[] =>
  text
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))
    .map((line) => {
      const m = LINE.exec(line);
      if (!m) throw new Error(`not a Prometheus sample: ${line}`);
      const labels = Object.fromEntries([...(m[2] ?? '').matchAll(LABEL)].map(([, k, v]) => [k!, v!]));
      return { name: m[1]!, labels, value: Number(m[3]) };
    });

/** The value of the one sample with this name and these labels (others may differ); NaN when none. */
export const valueOf = (samples: readonly Sample[], name: string, labels: Record<string, string> = {}) => {
  const found = samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} ${JSON.stringify(labels)}`);
  return found[0]?.value ?? Number.NaN;
};

/** GET /metrics of a process and its samples. */
export const scrape = async (baseUrl: string) => {
  const res = await fetch(`${baseUrl}/metrics`);
  if (res.status !== 200) throw new Error(`/metrics answered ${res.status}`);
  if (!(res.headers.get('content-type') ?? '').startsWith('text/plain')) throw new Error(`/metrics content type ${res.headers.get('content-type')}`);
  return parseMetrics(await res.text());
};
