import Big from 'big.js';

import { decimal, type DecimalInput } from '../money';

const ONES = ['Zero', 'One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten', 'Eleven', 'Twelve', 'Thirteen', 'Fourteen', 'Fifteen', 'Sixteen', 'Seventeen', 'Eighteen', 'Nineteen'];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

/** 0–99: 'Twenty-Two'. */
const belowHundred = (n: number) => (n < 20 ? ONES[n]! : `${TENS[Math.floor(n / 10)]!}${n % 10 ? `-${ONES[n % 10]!}` : ''}`);

/** 0–999: 'Eight Hundred Twenty-Two'. */
const belowThousand = (n: number) => {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  return [hundreds ? `${ONES[hundreds]!} Hundred` : '', rest ? belowHundred(rest) : ''].filter(Boolean).join(' ');
};

/**
 * A whole number the Indian way: crore, lakh, thousand, hundred ('One Crore Twenty-Five Lakh
 * Four Thousand'). Beyond 99 crore the crores are themselves said the same way.
 */
export const numberInWords = (value: bigint): string => {
  if (value === 0n) return 'Zero';
  const crore = value / 10_000_000n;
  const rest = Number(value % 10_000_000n);
  const lakh = Math.floor(rest / 100_000);
  const thousand = Math.floor((rest % 100_000) / 1000);
  const below = rest % 1000;
  return [
    crore ? `${numberInWords(crore)} Crore` : '',
    lakh ? `${belowHundred(lakh)} Lakh` : '',
    thousand ? `${belowHundred(thousand)} Thousand` : '',
    below ? belowThousand(below) : '',
  ]
    .filter(Boolean)
    .join(' ');
};

/** An amount in words as an Indian invoice prints it: 'Rupees One Thousand Eight Hundred Twenty-Two Only'. */
export const amountInWords = (amount: DecimalInput): string => {
  const value = decimal(amount).round(2, Big.roundHalfUp);
  const [whole = '0', fraction = '00'] = value.abs().toFixed(2).split('.');
  const paise = Number(fraction);
  const rupees = `Rupees ${numberInWords(BigInt(whole))}`;
  return `${value.lt(0) ? 'Minus ' : ''}${rupees}${paise ? ` and ${belowHundred(paise)} Paise` : ''} Only`;
};
