/**
 * Stock at cost (DESIGN §6, issue 42): each item valued by its **moving weighted average**, folded
 * over its movements in order — the document's date, then where its stream was first recorded in
 * the log, then the stream id. Figures are exact: money in whole paise, quantities in thousandths,
 * every division rounded half-up to the paisa where it is made, so anyone keeping the same ledger
 * in integer paise gets the same value.
 *
 * - An inflow with a cost (a purchase line's taxable value, an adjustment's quantity × unit cost)
 *   adds its quantity and value.
 * - An inflow without one (a sales return) comes back at the average rate: value ÷ quantity while
 *   there is stock, else the last average seen while there was (0 before any).
 * - An outflow (a sale, a purchase return, a decrease) leaves at the average:
 *   round(quantity out × value ÷ quantity). One that takes more than is there takes all the value.
 * - A value is never negative: while the quantity is 0 or less the value is 0, and an inflow that
 *   brings it above 0 again values what is left at the inflow's own rate.
 */
import { scaled, unscaled } from '../money';

/** One item's movement from one document or adjustment, as the fold takes it. */
export interface ValuedMovement {
  readonly itemId: number;
  /** The document's date, YYYY-MM-DD. */
  readonly date: string;
  /** The log position where its stream was first recorded (digits): the order within a day. */
  readonly seq: string;
  readonly stream: string;
  /** Signed: + in, − out; at most 3 decimal places. */
  readonly quantity: string;
  /** An inflow's cost when it carries one (money, at most 2 places); null: valued at the average. */
  readonly value: string | null;
}

/** An item's stock and its value at cost on a date. */
export interface ItemValuation {
  readonly itemId: number;
  /** Exact decimal ('12.5', '-3'). */
  readonly quantity: string;
  /** Money. */
  readonly value: string;
  /** Value per unit, to the paisa ('0.00' when there is no stock). */
  readonly rate: string;
}

export interface StockValuation {
  readonly date: string;
  readonly items: readonly ItemValuation[];
  /** The sum of the items' values. */
  readonly total: string;
}

/** a ÷ b rounded half-up (halves away from zero); b > 0. */
export const divideHalfUp = (a: bigint, b: bigint): bigint => {
  if (b <= 0n) throw new Error('divisor must be positive');
  const negative = a < 0n;
  const n = negative ? -a : a;
  const q = (2n * n + b) / (2n * b);
  return negative ? -q : q;
};

/** '12.500' → '12.5', '-3.000' → '-3' (how stock is shown). */
const plainQuantity = (milli: bigint) => {
  const text = unscaled(milli, 3);
  return text.replace(/0+$/, '').replace(/\.$/, '');
};

interface ItemState {
  /** Thousandths of a unit. */
  qty: bigint;
  /** Paise. */
  value: bigint;
  /** The last average while there was stock: value (paise) over quantity (thousandths). */
  rate: { readonly value: bigint; readonly qty: bigint } | null;
}

/**
 * The fold's order: date, the position its stream was first recorded at, the stream. Positions
 * are compared as numbers by their digits — the longer is the larger, else the text decides —
 * with no BigInt made per comparison (a fold sorts tens of thousands).
 */
export const movementOrder = (a: ValuedMovement, b: ValuedMovement): number => {
  if (a.date !== b.date) return a.date < b.date ? -1 : 1;
  const seqA = a.seq.startsWith('0') ? a.seq.replace(LEADING_ZEROS, '') : a.seq;
  const seqB = b.seq.startsWith('0') ? b.seq.replace(LEADING_ZEROS, '') : b.seq;
  if (seqA !== seqB) return seqA.length !== seqB.length ? seqA.length - seqB.length : seqA < seqB ? -1 : 1;
  return a.stream < b.stream ? -1 : a.stream > b.stream ? 1 : 0;
};
const LEADING_ZEROS = /^0+(?=\d)/;

/** Movements already in the fold's order (as the read model answers them) need no sort. */
const inOrder = (movements: readonly ValuedMovement[]) => movements.every((m, i) => i === 0 || movementOrder(movements[i - 1]!, m) <= 0);

/** Moves one item's state by one movement (the rules above). */
const apply = (state: ItemState, movement: ValuedMovement): void => {
  const q = scaled(movement.quantity, 3);
  if (q === 0n) return;
  if (q > 0n) {
    let v: bigint;
    if (movement.value !== null) v = scaled(movement.value, 2);
    else if (state.qty > 0n) v = divideHalfUp(q * state.value, state.qty);
    else v = state.rate ? divideHalfUp(q * state.rate.value, state.rate.qty) : 0n;
    const before = state.qty;
    state.qty += q;
    if (before >= 0n) state.value += v;
    else state.value = state.qty > 0n ? divideHalfUp(state.qty * v, q) : 0n;
  } else {
    const out = -q;
    if (state.qty > 0n && out <= state.qty) state.value -= divideHalfUp(out * state.value, state.qty);
    else state.value = 0n;
    state.qty -= out;
  }
  if (state.qty <= 0n) state.value = 0n;
  else state.rate = { value: state.value, qty: state.qty };
};

const snapshot = (date: string, states: ReadonlyMap<number, ItemState>): StockValuation => {
  const items = [...states]
    .sort(([a], [b]) => a - b)
    .map(([itemId, s]): ItemValuation => ({
      itemId,
      quantity: plainQuantity(s.qty),
      value: unscaled(s.value, 2),
      // Paise per unit: value ÷ (thousandths ÷ 1000).
      rate: unscaled(s.qty > 0n ? divideHalfUp(s.value * 1000n, s.qty) : 0n, 2),
    }));
  return { date, items, total: unscaled([...states.values()].reduce((sum, s) => sum + s.value, 0n), 2) };
};

/**
 * The stock's value at cost at the end of each of `dates` (YYYY-MM-DD, any order; answered
 * sorted), from the movements dated on or before it. Items that never moved are not listed.
 */
export const valueStock = (movements: readonly ValuedMovement[], dates: readonly string[]): StockValuation[] => {
  const ordered = inOrder(movements) ? movements : [...movements].sort(movementOrder);
  const wanted = [...new Set(dates)].sort();
  const states = new Map<number, ItemState>();
  const out: StockValuation[] = [];
  let next = 0;
  for (const date of wanted) {
    while (next < ordered.length && ordered[next]!.date <= date) {
      const movement = ordered[next++]!;
      let state = states.get(movement.itemId);
      if (!state) states.set(movement.itemId, (state = { qty: 0n, value: 0n, rate: null }));
      apply(state, movement);
    }
    out.push(snapshot(date, states));
  }
  return out;
};

/** The value on one date. */
export const stockValueOn = (movements: readonly ValuedMovement[], date: string): StockValuation => valueStock(movements, [date])[0]!;
