import { yearAndMonth } from '@erp/contracts';

/** A return period 'YYYY-MM' → its year, month and first and last days. */
export const monthOf = (period: string) => {
  const { year, month } = yearAndMonth(period);
  return { year, month, from: `${period}-01`, to: new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10) };
};
