import { describe, expect, it } from 'vitest';

import { csvText } from './csv';

describe('CSV cells a spreadsheet would run', () => {
  it('puts a quote before = + - @, tab or CR first, also after spaces or other blanks', () => {
    const hostile = ['=1+1', '+1', '-2+3', '@SUM(A1)', '\tcmd', '\r=1', '  =HYPERLINK("http://x")', ' \t+1', '\n=1', '\u00a0=1', '   @A1', ' -1+2'];
    expect(hostile.map(csvText)).toEqual(hostile.map((h) => `'${h}`));
  });

  it('leaves plain text, blanks and numbers, negative ones too, as they are', () => {
    const plain = ['Rice', 'a=b', '', '   ', '-2.25', '-3', ' -2.25', 'x-1', '12+3'];
    expect(plain.map(csvText)).toEqual(plain);
  });
});
