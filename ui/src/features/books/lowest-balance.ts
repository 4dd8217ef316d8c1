import { decimal } from '@erp/contracts';

/** Where a running balance was lowest, if that is below zero: cash in hand cannot be (issue 43). */
export const lowestBelowZero = (points: readonly { readonly date: string; readonly balance: string }[]) => {
  const lowest = points.reduce<(typeof points)[number] | null>((low, p) => (low === null || decimal(p.balance).lt(decimal(low.balance)) ? p : low), null);
  return lowest && decimal(lowest.balance).lt(0) ? lowest : null;
};
