/** `{ [key]: value }` with the key's literal type kept (a document's `vendorId` or `customerId`). */
export const keyed = <K extends string, V>(key: K, value: V) => ({ [key]: value }) as { [P in K]: V };

/** Several keys with the same value type. */
export const keyedAll = <K extends string, V>(keys: readonly K[], value: (key: K) => V) =>
  Object.fromEntries(keys.map((k) => [k, value(k)])) as { [P in K]: V };
