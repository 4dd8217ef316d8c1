/** A return period 'YYYY-MM' → its year, month and first and last days. */
export const monthOf = (period: string) => {
  const [year, month] = period.split('-').map(Number) as [number, number];
  return { year, month, from: `${period}-01`, to: new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10) };
};
