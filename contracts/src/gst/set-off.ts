import Big from 'big.js';

import { decimal, type DecimalInput, toMoney } from '../money';

/** The three heads of GST a return is paid under (cess is not charged here). */
export const TAX_HEADS = ['igst', 'cgst', 'sgst'] as const;
export type TaxHead = (typeof TAX_HEADS)[number];
export type ByHead<T> = Readonly<Record<TaxHead, T>>;

/** One head after the set-off: what is owed, what credit paid it (by the credit it came from), the rest in cash. */
export interface HeadSetOff {
  /** The tax owed under this head for the month (never below zero). */
  readonly liability: string;
  /** The input tax credit of each head used against this head's liability. */
  readonly paidFromCredit: ByHead<string>;
  /** What is left of the liability: paid in cash. */
  readonly cash: string;
  /** This head's credit for the month (never below zero). */
  readonly credit: string;
  /** This head's credit not used: carried to the next month. */
  readonly carriedForward: string;
}

export interface SetOff {
  readonly heads: ByHead<HeadSetOff>;
  /** Cash to pay in all. */
  readonly cash: string;
  /** Credit carried forward in all. */
  readonly carriedForward: string;
}

/**
 * Where each head's credit may go, in order (CGST Act s.49(5) and CGST Rule 88A): IGST credit
 * first against IGST, then CGST, then SGST; CGST credit against CGST, then IGST; SGST credit
 * against SGST, then IGST; CGST credit never against SGST, nor SGST credit against CGST. IGST
 * credit goes first of all (s.49A, Rule 88A: CGST and SGST credit only once IGST credit is used up).
 */
const ORDER: readonly (readonly [TaxHead, readonly TaxHead[]])[] = [
  ['igst', ['igst', 'cgst', 'sgst']],
  ['cgst', ['cgst', 'igst']],
  ['sgst', ['sgst', 'igst']],
];

const ZERO = new Big(0);
const heads = <T>(make: (head: TaxHead) => T): ByHead<T> => ({ igst: make('igst'), cgst: make('cgst'), sgst: make('sgst') });

/**
 * GSTR-3B's payment of tax (table 6.1): the month's output tax per head set off against its
 * input tax credit in the order the law sets, the rest paid in cash, unused credit carried
 * forward. A negative net credit (more tax returned to vendors on debit notes than claimed on
 * purchases) is credit to reverse: it adds to that head's liability. A negative liability (more
 * credit notes than sales) owes nothing.
 */
export const setOff = (output: ByHead<DecimalInput>, input: ByHead<DecimalInput>): SetOff => {
  const owed = heads((h) => {
    const net = decimal(output[h]);
    const reversal = decimal(input[h]).lt(0) ? decimal(input[h]).abs() : ZERO;
    return (net.gt(0) ? net : ZERO).plus(reversal);
  });
  const credit = heads((h) => (decimal(input[h]).gt(0) ? decimal(input[h]) : ZERO));
  const left = { ...owed };
  const unused = { ...credit };
  const used = heads(() => ({ ...heads(() => ZERO) }));
  for (const [from, against] of ORDER) {
    for (const to of against) {
      const take = unused[from].lt(left[to]) ? unused[from] : left[to];
      unused[from] = unused[from].minus(take);
      left[to] = left[to].minus(take);
      used[to][from] = used[to][from].plus(take);
    }
  }
  const result = heads((h) => ({
    liability: toMoney(owed[h]),
    paidFromCredit: heads((from) => toMoney(used[h][from])),
    cash: toMoney(left[h]),
    credit: toMoney(credit[h]),
    carriedForward: toMoney(unused[h]),
  }));
  const total = (pick: (h: HeadSetOff) => string) => toMoney(TAX_HEADS.reduce((sum, h) => sum.plus(decimal(pick(result[h]))), ZERO));
  return { heads: result, cash: total((h) => h.cash), carriedForward: total((h) => h.carriedForward) };
};

/** What the month's GSTR-3B asks to be paid in cash, per head and in all, and the credit left. */
export interface GstPayment {
  /** Output tax against input tax credit, the credit including the tax paid on reverse charge (4(A)(3)). */
  readonly setOff: SetOff;
  /** Tax on purchases on reverse charge (3.1(d)): paid in cash only (CGST Act s.49(4)). */
  readonly reverseCharge: ByHead<string>;
  /** Cash per head: what the set-off leaves, plus the tax on reverse charge. */
  readonly cash: ByHead<string>;
  readonly totalCash: string;
}

/**
 * The month's payment: tax on reverse charge is paid in cash, and once paid it is credit like any
 * other (GSTR-3B 4(A)(3)), so it joins the input tax credit set off against the output tax.
 */
export const gstPayment = (output: ByHead<DecimalInput>, input: ByHead<DecimalInput>, reverseCharge: ByHead<DecimalInput>): GstPayment => {
  const rcm = heads((h) => (decimal(reverseCharge[h]).gt(0) ? decimal(reverseCharge[h]) : ZERO));
  const result = setOff(output, heads((h) => decimal(input[h]).plus(rcm[h])));
  const cash = heads((h) => toMoney(decimal(result.heads[h].cash).plus(rcm[h])));
  return {
    setOff: result,
    reverseCharge: heads((h) => toMoney(rcm[h])),
    cash,
    totalCash: toMoney(TAX_HEADS.reduce((sum, h) => sum.plus(decimal(cash[h])), ZERO)),
  };
};
