import { describe, expect, it } from 'vitest';

import { divideHalfUp, stockValueOn, type ValuedMovement, valueStock } from './valuation';

let seq = 0;
/** A movement of item 1 (unless said), recorded after the one before it. */
const move = (date: string, quantity: string, value: string | null = null, itemId = 1): ValuedMovement => ({
  itemId,
  date,
  seq: String(++seq),
  stream: `doc-${seq}`,
  quantity,
  value,
});
const item = (movements: ValuedMovement[], date = '2026-12-31', itemId = 1) => stockValueOn(movements, date).items.find((i) => i.itemId === itemId);

// Every expected figure below is worked out by hand in paise: out = round(q_out × value ÷ qty).
describe('stock at moving weighted-average cost', () => {
  it('averages inflows and takes outflows out at the average', () => {
    // 10 for 1,000.00 and 5 for 650.00: 15 worth 1,650.00 (110.00 each); 4 out = 440.00.
    const moves = [move('2026-04-01', '10', '1000.00'), move('2026-04-02', '5', '650.00'), move('2026-04-03', '-4')];
    expect(item(moves)).toEqual({ itemId: 1, quantity: '11', value: '1210.00', rate: '110.00' });
  });

  it('rounds each outflow half-up to the paisa, and the last one takes what is left', () => {
    // 3 for 100.00: 1 out = round(10,000 ÷ 3) = 3,333 → 66.67 left; 1 out = round(6,667 ÷ 2) = 3,334 (half up) → 33.33; the last 33.33.
    const moves = [move('2026-04-01', '3', '100.00'), move('2026-04-02', '-1')];
    expect(item(moves)?.value).toBe('66.67');
    moves.push(move('2026-04-03', '-1'));
    expect(item(moves)?.value).toBe('33.33');
    moves.push(move('2026-04-04', '-1'));
    expect(item(moves)).toEqual({ itemId: 1, quantity: '0', value: '0.00', rate: '0.00' });
  });

  it('keeps quantities to the thousandth', () => {
    // 0.5 kg for 10.00; 0.125 out = round(125 × 1,000 ÷ 500) = 250 paise → 7.50 left.
    const moves = [move('2026-04-01', '0.5', '10.00'), move('2026-04-02', '-0.125')];
    expect(item(moves)).toEqual({ itemId: 1, quantity: '0.375', value: '7.50', rate: '20.00' });
  });

  it('sold before it was bought: no value below zero, and what is left takes the inflow’s rate', () => {
    // −2 worth 0; 5 in for 500.00 → 3 left at 100.00 each = 300.00.
    const moves = [move('2026-04-01', '-2'), move('2026-04-02', '5', '500.00')];
    expect(item(moves, '2026-04-01')).toEqual({ itemId: 1, quantity: '-2', value: '0.00', rate: '0.00' });
    expect(item(moves)).toEqual({ itemId: 1, quantity: '3', value: '300.00', rate: '100.00' });
  });

  it('an inflow that leaves it still below zero carries no value', () => {
    const moves = [move('2026-04-01', '-5'), move('2026-04-02', '2', '80.00')];
    expect(item(moves)).toEqual({ itemId: 1, quantity: '-3', value: '0.00', rate: '0.00' });
  });

  it('a return comes back at the average, or at the last average when none is left', () => {
    // 4 for 100.00 (25.00 each), all sold, 1 returned: 25.00.
    const moves = [move('2026-04-01', '4', '100.00'), move('2026-04-02', '-4'), move('2026-04-03', '1')];
    expect(item(moves)).toEqual({ itemId: 1, quantity: '1', value: '25.00', rate: '25.00' });
    // 2 left of 3 for 10.00 (6.67 after one out), 1 returned: round(1,000 × 667 ÷ 2,000) = 334 → 10.01.
    const more = [move('2026-04-01', '3', '10.00', 2), move('2026-04-02', '-1', null, 2), move('2026-04-03', '1', null, 2)];
    expect(item(more, '2026-12-31', 2)).toEqual({ itemId: 2, quantity: '3', value: '10.01', rate: '3.34' });
    // A return of an item never bought in is worth nothing.
    expect(item([move('2026-04-01', '2', null, 3)], '2026-12-31', 3)?.value).toBe('0.00');
  });

  it('folds by date, then by where the stream was first recorded — not by the order given', () => {
    const buy = move('2026-04-05', '10', '100.00');
    const sale = move('2026-04-05', '-5');
    const backdated = move('2026-04-01', '10', '300.00');
    // In date order: 10 for 300.00, then 10 for 100.00 (20 for 400.00), then 5 out = 100.00.
    expect(item([sale, buy, backdated])).toEqual({ itemId: 1, quantity: '15', value: '300.00', rate: '20.00' });
  });

  it('answers every date asked, each from the movements dated on or before it', () => {
    const moves = [move('2026-04-01', '10', '100.00'), move('2026-05-10', '-4'), move('2026-06-01', '2', '30.00', 2)];
    const values = valueStock(moves, ['2026-06-30', '2026-03-31', '2026-04-30', '2026-05-31']);
    expect(values.map((v) => [v.date, v.total])).toEqual([
      ['2026-03-31', '0.00'],
      ['2026-04-30', '100.00'],
      ['2026-05-31', '60.00'],
      ['2026-06-30', '90.00'],
    ]);
  });

  it('orders a day by where each stream was first recorded as a number (9 before 10), given in order or not', () => {
    const at = (seqText: string, quantity: string, value: string | null = null): ValuedMovement => ({ itemId: 9, date: '2026-04-01', seq: seqText, stream: `s-${seqText}`, quantity, value });
    // Recorded 9th: 10 in for 100.00; 10th: 5 out (50.00); 100th: 5 in for 200.00 → 10 worth 250.00.
    // Read as text (10, 100, 9) it would be 5 out of nothing, 5 in (0 left), 10 in: 100.00.
    const moves = [at('9', '10', '100.00'), at('10', '-5'), at('100', '5', '200.00')];
    const expected = { itemId: 9, quantity: '10', value: '250.00', rate: '25.00' };
    expect(item(moves, '2026-04-01', 9)).toEqual(expected);
    expect(item([...moves].reverse(), '2026-04-01', 9)).toEqual(expected);
    expect(item([at('100', '5', '200.00'), at('10', '-5'), at('09', '10', '100.00')], '2026-04-01', 9)).toEqual(expected);
  });

  it('divides half-up, halves away from zero', () => {
    expect(divideHalfUp(5n, 2n)).toBe(3n);
    expect(divideHalfUp(-5n, 2n)).toBe(-3n);
    expect(divideHalfUp(4n, 3n)).toBe(1n);
    expect(() => divideHalfUp(1n, 0n)).toThrow();
  });
});
