import type { Gstr1Document as AnyLines } from './gstr1';
import type { SupplyLine } from './return-lines';

type Gstr1Document = AnyLines<SupplyLine>;
import type { Gstr1DocRange, Gstr1Json } from './gstr1-json';

/** GSTR-1's table 13 (doc_issue): the month's documents by series, numbered ranges with the cancelled counted. */

const text = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The series' counter of a number: its last run of digits, without leading zeros. */
const counter = (number: string) => /(\d+)\D*$/.exec(number)?.[1]?.replace(/^0+(?=\d)/, '') ?? null;
export type ByCounter = (a: Gstr1Document, b: Gstr1Document) => number;
/** By counter (exactly, as digit strings), numbers without one last, then as text; each counter read once. */
export const byCounterOf = (docs: readonly Gstr1Document[]): ByCounter => {
  const counters = new Map(docs.map((d) => [d, counter(d.data.number)]));
  return (a, b) => {
    const [x, y] = [counters.get(a) ?? null, counters.get(b) ?? null];
    if (x !== null && y !== null && x !== y) return x.length - y.length || text(x, y);
    if ((x === null) !== (y === null)) return x === null ? 1 : -1;
    return text(a.data.number, b.data.number);
  };
};

/** One range per series (numbers typed by hand together, last), from the lowest counter to the highest. */
const docRanges = (docs: readonly Gstr1Document[], byCounter: ByCounter): Gstr1DocRange[] => {
  const series = new Map<string | null, Gstr1Document[]>();
  for (const doc of docs) {
    const group = series.get(doc.series || null);
    if (group) group.push(doc);
    else series.set(doc.series || null, [doc]);
  }
  return [...series]
    .sort(([a], [b]) => (a === null ? 1 : b === null ? -1 : text(a, b)))
    .map(([, group], i) => {
      const sorted = [...group].sort(byCounter);
      const cancel = group.filter((d) => !d.data.active).length;
      const [first, last] = [sorted[0]?.data.number ?? '', sorted.at(-1)?.data.number ?? ''];
      return { num: i + 1, from: first, to: last, totnum: group.length, cancel, net_issue: group.length - cancel };
    });
};

/** Invoices (1) and credit notes (5), in the month's order. */
export const docIssue = (documents: readonly Gstr1Document[], byCounter: ByCounter): Gstr1Json['doc_issue'] => ({
  doc_det: [
    { doc_num: 1, docs: docRanges(documents.filter((d) => d.kind === 'invoice'), byCounter) },
    { doc_num: 5, docs: docRanges(documents.filter((d) => d.kind === 'credit-note'), byCounter) },
  ],
});
