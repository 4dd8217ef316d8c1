import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { inflateSync } from 'node:zlib';

import { FONTS } from '@erp/contracts/print-layout';

/** The fonts' faces and the runs of a text are the layout's (contracts' print-layout); the files are read here. */
export { FONTS, runs } from '@erp/contracts/print-layout';

const files = path.join(path.dirname(createRequire(import.meta.url).resolve('@fontsource/noto-sans/package.json')), 'files');

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
