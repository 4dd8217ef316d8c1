import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { inflateSync } from 'node:zlib';

/**
 * Noto Sans from @fontsource/noto-sans, which ships it in subsets by script: Latin, Latin
 * extended (it has ₹) and Devanagari. A text is cut into runs, each set in the subset that has
 * its characters, so a name in Hindi and an amount in rupees print as written. The ranges are
 * the subsets' own (Google Fonts' unicode-range); a character in none is set in Latin.
 */
const files = path.join(path.dirname(createRequire(import.meta.url).resolve('@fontsource/noto-sans/package.json')), 'files');
const face = (subset: string) => ({
  normal: `noto-sans-${subset}-400-normal`,
  bold: `noto-sans-${subset}-700-normal`,
  italics: `noto-sans-${subset}-400-italic`,
  bolditalics: `noto-sans-${subset}-700-normal`,
});
/** pdfmake's fonts, each face by its name in pdfmake's own file store (fontFiles fills it). */
export const FONTS = { Latin: face('latin'), LatinExt: face('latin-ext'), Devanagari: face('devanagari') };

const padded = (length: number) => (length + 3) & ~3;

/**
 * A WOFF 1.0 font as the TrueType (sfnt) file it wraps, its tables inflated by Node's zlib.
 * Given the WOFF, fontkit inflates it in JavaScript for every PDF: two thirds of a statement's
 * render time, all of it on the event loop (issue 41 item 3: six at once held others 3.5 s).
 */
export const sfntOf = (woff: Buffer): Buffer => {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('Not a WOFF font');
  const count = woff.readUInt16BE(12);
  const tables = Array.from({ length: count }, (_, i) => {
    const at = 44 + 20 * i;
    const [offset, stored, length] = [woff.readUInt32BE(at + 4), woff.readUInt32BE(at + 8), woff.readUInt32BE(at + 12)];
    const data = woff.subarray(offset, offset + stored);
    return { tag: woff.readUInt32BE(at), checksum: woff.readUInt32BE(at + 16), data: stored < length ? inflateSync(data) : data };
  });
  const start = 12 + 16 * count;
  const out = Buffer.alloc(start + tables.reduce((sum, t) => sum + padded(t.data.length), 0));
  const power = 2 ** Math.floor(Math.log2(count));
  out.writeUInt32BE(woff.readUInt32BE(4), 0);
  out.writeUInt16BE(count, 4);
  out.writeUInt16BE(16 * power, 6);
  out.writeUInt16BE(Math.log2(power), 8);
  out.writeUInt16BE(16 * (count - power), 10);
  let offset = start;
  tables.forEach((table, i) => {
    const record = 12 + 16 * i;
    out.writeUInt32BE(table.tag, record);
    out.writeUInt32BE(table.checksum, record + 4);
    out.writeUInt32BE(offset, record + 8);
    out.writeUInt32BE(table.data.length, record + 12);
    table.data.copy(out, offset);
    offset += padded(table.data.length);
  });
  return out;
};

/** Every face of FONTS by its name, as TrueType made once from the WOFF file. */
export const fontFiles = (): Map<string, Buffer> =>
  new Map([...new Set(Object.values(FONTS).flatMap((f) => Object.values(f)))].map((name) => [name, sfntOf(readFileSync(path.join(files, `${name}.woff`)))]));
type Font = keyof typeof FONTS;

const within = (ranges: readonly (readonly [number, number])[]) => (cp: number) => ranges.some(([a, b]) => cp >= a && cp <= b);
const isDevanagari = within([[0x0900, 0x097f], [0x1cd0, 0x1cf9], [0x20a8, 0x20a8], [0x20f0, 0x20f0], [0x25cc, 0x25cc], [0xa830, 0xa839], [0xa8e0, 0xa8ff]]);
const isLatin = within([[0x0000, 0x00ff], [0x0131, 0x0131], [0x0152, 0x0153], [0x02bb, 0x02bc], [0x02c6, 0x02c6], [0x02da, 0x02da], [0x02dc, 0x02dc], [0x2000, 0x206f], [0x20ac, 0x20ac], [0x2122, 0x2122], [0x2191, 0x2191], [0x2193, 0x2193], [0x2212, 0x2212], [0x2215, 0x2215], [0xfeff, 0xfeff], [0xfffd, 0xfffd]]);
const isLatinExt = within([[0x0100, 0x02ff], [0x1d00, 0x1dbf], [0x1e00, 0x1eff], [0x20a0, 0x20c0], [0x2113, 0x2113], [0x2c60, 0x2c7f], [0xa720, 0xa7ff]]);

const fontOf = (cp: number, previous: Font): Font => {
  // Joiners belong to the run they are in.
  if (cp === 0x200c || cp === 0x200d) return previous;
  if (isDevanagari(cp)) return 'Devanagari';
  if (isLatin(cp)) return 'Latin';
  return isLatinExt(cp) ? 'LatinExt' : 'Latin';
};

/** A text as pdfmake runs, each in the font that has its characters. */
export const runs = (text: string): { text: string; font: Font }[] => {
  const out: { text: string; font: Font }[] = [];
  let font: Font = 'Latin';
  for (const char of text) {
    font = fontOf(char.codePointAt(0)!, font);
    const last = out.at(-1);
    if (last && last.font === font) last.text += char;
    else out.push({ text: char, font });
  }
  return out;
};
