import { describe, expect, it } from 'vitest';

import { fontFiles, FONTS } from './fonts';

/** An sfnt table's checksum: its 32-bit words summed (the last one padded with zeros). */
const checksumOf = (data: Buffer) => {
  const words = Buffer.alloc((data.length + 3) & ~3);
  data.copy(words);
  let sum = 0;
  for (let at = 0; at < words.length; at += 4) sum = (sum + words.readUInt32BE(at)) >>> 0;
  return sum;
};

describe('the PDF fonts, as TrueType made from the WOFF files', () => {
  const fonts = fontFiles();

  it('has every face pdfmake is given', () => {
    expect([...fonts.keys()].sort()).toEqual([...new Set(Object.values(FONTS).flatMap((f) => Object.values(f)))].sort());
  });

  it('each table sits where its record says and sums to the checksum the font was made with', () => {
    for (const [name, font] of fonts) {
      expect(font.readUInt32BE(0), name).toBe(0x00010000);
      const count = font.readUInt16BE(4);
      expect(count, name).toBeGreaterThan(8);
      const tags: string[] = [];
      for (let i = 0; i < count; i += 1) {
        const record = 12 + 16 * i;
        const tag = font.toString('latin1', record, record + 4);
        const [checksum, offset, length] = [font.readUInt32BE(record + 4), font.readUInt32BE(record + 8), font.readUInt32BE(record + 12)];
        expect(offset % 4, `${name} ${tag}`).toBe(0);
        const data = Buffer.from(font.subarray(offset, offset + length));
        // head's checksum is taken with its checkSumAdjustment (bytes 8–11) at 0.
        if (tag === 'head') data.writeUInt32BE(0, 8);
        expect(checksumOf(data), `${name} ${tag}`).toBe(checksum);
        tags.push(tag);
      }
      expect(tags, name).toEqual(expect.arrayContaining(['cmap', 'glyf', 'head', 'hmtx', 'loca', 'maxp', 'name']));
    }
  });
});
