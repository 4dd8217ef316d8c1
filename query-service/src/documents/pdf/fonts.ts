import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Noto Sans from @fontsource/noto-sans, which ships it in subsets by script: Latin, Latin
 * extended (it has ₹) and Devanagari. A text is cut into runs, each set in the subset that has
 * its characters, so a name in Hindi and an amount in rupees print as written. The ranges are
 * the subsets' own (Google Fonts' unicode-range); a character in none is set in Latin.
 */
const files = path.join(path.dirname(createRequire(import.meta.url).resolve('@fontsource/noto-sans/package.json')), 'files');
const face = (subset: string) => ({
  normal: path.join(files, `noto-sans-${subset}-400-normal.woff`),
  bold: path.join(files, `noto-sans-${subset}-700-normal.woff`),
  italics: path.join(files, `noto-sans-${subset}-400-italic.woff`),
  bolditalics: path.join(files, `noto-sans-${subset}-700-normal.woff`),
});
export const FONTS = { Latin: face('latin'), LatinExt: face('latin-ext'), Devanagari: face('devanagari') };
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
