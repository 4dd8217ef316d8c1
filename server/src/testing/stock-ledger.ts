/**
 * A test's own books of stock (issue 42), kept in integer paise and thousandths of a unit from
 * the rules alone — not from contracts' valuation fold — to check the product's figures against:
 * moving weighted-average cost, each division rounded half up to the paisa.
 */

/** One item's movement of a document: + in, − out, in thousandths; an inflow's cost in paise, or null (at the average). */
export interface Move {
  readonly itemId: number;
  readonly milli: bigint;
  readonly cost: bigint | null;
}

export type Kind = 'purchase' | 'sale' | 'credit' | 'debit' | 'increase' | 'decrease';

/** A document or adjustment as it stands: its money in paise by what the journal posts it to. */
export interface Entry {
  readonly kind: Kind;
  /** The order it was first recorded in. */
  readonly seq: number;
  date: string;
  active: boolean;
  moves: Move[];
  /** Taxable value (documents), or quantity × cost per unit (adjustments). */
  amount: bigint;
  readonly opening: boolean;
}

/** '12.5' → 12500n thousandths; '33.13' → 3313n paise. */
export const units = (text: string, places: number): bigint => {
  const [whole, fraction = ''] = text.split('.');
  return BigInt(whole!) * 10n ** BigInt(places) + BigInt(fraction.padEnd(places, '0') || '0');
};

/** a ÷ b, half up, for a ≥ 0 and b > 0. */
export const halfUp = (a: bigint, b: bigint) => (2n * a + b) / (2n * b);

/** Paise as money text: 12345n → '123.45' (negatives with a minus). */
export const rupees = (paise: bigint) => {
  const sign = paise < 0n ? '-' : '';
  const abs = paise < 0n ? -paise : paise;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
};

/** Thousandths as the product shows a quantity: 12500n → '12.5', -3000n → '-3'. */
export const quantityText = (milli: bigint) => {
  const sign = milli < 0n ? '-' : '';
  const abs = milli < 0n ? -milli : milli;
  const fraction = String(abs % 1000n).padStart(3, '0').replace(/0+$/, '');
  return `${sign}${abs / 1000n}${fraction ? `.${fraction}` : ''}`;
};

/** Each item's quantity and value at cost at the end of `date`, from the active entries dated on or before it. */
export const stockOn = (entries: readonly Entry[], date: string) => {
  const items = new Map<number, { qty: bigint; value: bigint; last: { value: bigint; qty: bigint } | null }>();
  const dated = entries.filter((e) => e.active && e.date <= date).sort((a, b) => (a.date === b.date ? a.seq - b.seq : a.date < b.date ? -1 : 1));
  for (const { itemId, milli, cost } of dated.flatMap((e) => e.moves)) {
    if (milli === 0n) continue;
    const s = items.get(itemId) ?? { qty: 0n, value: 0n, last: null };
    items.set(itemId, s);
    if (milli > 0n) {
      // In: at its own cost, else at the average (the last one while there was stock, else nothing).
      const worth = cost ?? (s.qty > 0n ? halfUp(milli * s.value, s.qty) : s.last ? halfUp(milli * s.last.value, s.last.qty) : 0n);
      const wasShort = s.qty < 0n;
      s.qty += milli;
      // Filling a shortfall: only what is left over is valued, at this inflow's rate.
      s.value = wasShort ? (s.qty > 0n ? halfUp(s.qty * worth, milli) : 0n) : s.value + worth;
    } else {
      const out = -milli;
      s.value = s.qty > 0n && out <= s.qty ? s.value - halfUp(out * s.value, s.qty) : 0n;
      s.qty -= out;
    }
    if (s.qty <= 0n) s.value = 0n;
    else s.last = { value: s.value, qty: s.qty };
  }
  return items;
};

export const stockValueOn = (entries: readonly Entry[], date: string) => [...stockOn(entries, date).values()].reduce((sum, s) => sum + s.value, 0n);

/** The trading part of a period, as the rules say: every figure in paise. */
export const tradingOf = (entries: readonly Entry[], from: string, to: string, dayBefore: string) => {
  const inPeriod = entries.filter((e) => e.active && e.date >= from && e.date <= to);
  const total = (kind: Kind, opening?: boolean) => inPeriod.filter((e) => e.kind === kind && (opening === undefined || e.opening === opening)).reduce((sum, e) => sum + e.amount, 0n);
  const sales = total('sale') - total('credit');
  const purchases = total('purchase') - total('debit');
  const broughtIn = total('increase') - total('decrease');
  const openingStock = stockValueOn(entries, dayBefore);
  const closingStock = stockValueOn(entries, to);
  const costOfGoodsSold = openingStock + purchases + broughtIn - closingStock;
  // Stock Adjustment: written off is an expense, found (not opening stock) a gain.
  const otherExpenses = total('decrease') - total('increase', false);
  return { sales, openingStock, purchases, stockBroughtIn: broughtIn, closingStock, costOfGoodsSold, grossProfit: sales - costOfGoodsSold, otherExpenses };
};

/** A copy of the books as they stand, to compare with the books as they stood later. */
export const snapshot = (entries: readonly Entry[]): Entry[] => entries.map((e) => ({ ...e, moves: [...e.moves] }));
