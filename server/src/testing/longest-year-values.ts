import { GSTR2B_FILE_MAX, GSTR2B_ROWS_MAX } from '@erp/contracts';

import { hostileText } from './longest-values';

/**
 * The longest values of the fields added with the year's work (openings, locks, API keys,
 * e-documents, GSTR-2B), for `long-values-year.int.spec.ts`.
 */

/** The JSON body limit of the command service (`http-kit/src/body.ts`: koa-bodyparser's '256kb', in bytes). */
export const BODY_LIMIT_BYTES = 256 * 1024;

/**
 * hostileText of exactly `length` characters as the contracts count them: zod's `max` counts code
 * points (an emoji is one character, two UTF-16 units), so the longest value accepted is longer
 * in UTF-16 units (and in bytes) than `length`.
 */
export const longestText = (length: number, start: string, seed: number, multiline = false) => {
  const text = [...hostileText(length * 2, start, seed, multiline)].slice(0, length);
  if (/\s/.test(text.at(-1)!)) text[text.length - 1] = 'x';
  return text.join('');
};

/**
 * A hostile place name of exactly `length` characters: the contract (the e-invoice schema's Loc)
 * takes no double quote, so each becomes a single one; everything else longestText gives stays.
 */
export const hostilePlace = (length: number, start: string, seed: number) => longestText(length, start, seed).replaceAll('"', "'");

/** A signed QR code as the IRP gives it (a JWT: three base64url parts joined by dots) of exactly `length` characters. */
export const signedQrCode = (length: number) => {
  const part = (n: number, seed: number) => Array.from({ length: n }, (_, i) => 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_'[(i * 7 + seed) % 38]).join('');
  const header = part(36, 1);
  const signature = part(342, 3);
  return `${header}.${part(length - header.length - signature.length - 2, 2)}.${signature}`;
};

export interface TwoBSupplier {
  readonly ctin: string;
  readonly trdnm: string;
  readonly inv: readonly TwoBInvoice[];
}
export interface TwoBInvoice {
  readonly inum: string;
  readonly dt: string;
  readonly txval: number;
  readonly igst: number;
}

/** A GSTR-2B file in the portal's layout (as `gstr2b.int.spec.ts` writes it), as its text. */
export const twoBFile = (gstin: string, rtnprd: string, suppliers: readonly TwoBSupplier[]) =>
  JSON.stringify({
    chksum: 'x',
    data: {
      gstin,
      rtnprd,
      gendt: '14-05-2026',
      version: '1.0',
      docdata: {
        b2b: suppliers.map((s) => ({
          ctin: s.ctin,
          trdnm: s.trdnm,
          supprd: rtnprd,
          inv: s.inv.map((i) => ({ inum: i.inum, typ: 'R', dt: i.dt, val: i.txval + i.igst, pos: '27', rev: 'N', itcavl: 'Y', items: [{ num: 1, rt: 18, txval: i.txval, igst: i.igst, cgst: 0, sgst: 0, cess: 0 }] })),
        })),
      },
    },
  });

/** The longest (16, Rule 46) hostile document number of row `index`: unique by its last digits. */
export const twoBNumber = (index: number, seed: number) => `${longestText(11, 'N', seed + index)}${String(index).padStart(5, '0')}`;

/** Whether a body goes through: its JSON within the body limit and its file within the contract's. */
export const fitsOneRequest = (body: { file: string }) => body.file.length <= GSTR2B_FILE_MAX && Buffer.byteLength(JSON.stringify(body)) <= BODY_LIMIT_BYTES;

/** The most rows (at most GSTR2B_ROWS_MAX) for which `bodyOf(rows)` still fits one request. */
export const mostRowsThatFit = (bodyOf: (rows: number) => { file: string }) => {
  let [low, high] = [1, GSTR2B_ROWS_MAX];
  if (fitsOneRequest(bodyOf(high))) return high;
  while (low + 1 < high) {
    const middle = Math.floor((low + high) / 2);
    if (fitsOneRequest(bodyOf(middle))) low = middle;
    else high = middle;
  }
  return low;
};
