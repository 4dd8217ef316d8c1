/**
 * Values a person chose last on any form (the payment method), offered as the next new form's
 * default. Kept in the browser; a browser that keeps nothing offers the form's own defaults.
 */
const PREFIX = 'erp.last:';

const storage = (): Storage | null => {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
};

/** The remembered values of these fields (those never saved are left out). */
export const rememberedValues = (names: readonly string[] = []): Record<string, string> =>
  Object.fromEntries(
    names.flatMap((name) => {
      const value = storage()?.getItem(PREFIX + name);
      return value ? [[name, value]] : [];
    }),
  );

/** Remembers these fields' values as saved. */
export const remember = (names: readonly string[] = [], values: Record<string, unknown>) => {
  for (const name of names) {
    const value = values[name];
    try {
      if (typeof value === 'string' && value !== '') storage()?.setItem(PREFIX + name, value);
    } catch {
      // A full or refused storage only loses the convenience.
    }
  }
};
