import { createRequire } from 'node:module';

import { SIGNED_QR_MAX } from '@erp/contracts';
import { describe, expect, it } from 'vitest';

import { qrFit } from './document-pdf';

type QrNode = { qr: string; fit?: number; _width?: number };
const qrEncoder = (createRequire(import.meta.url)('pdfmake/js/qrEnc.js') as { default: { measure: (node: QrNode) => QrNode } }).default;
/** How wide pdfmake draws a QR code of `text` fitted into `fit` points: 0 when it draws none. */
const drawnWidth = (text: string, fit: number) => qrEncoder.measure({ qr: text, fit })._width;
/** A signed QR's kind of text (base64url parts and dots), `length` characters. */
const jwtLike = (length: number) => 'eyJhbGciOiJSUzI1NiJ9.Ab-_'.repeat(Math.ceil(length / 25)).slice(0, length);

describe('the signed QR code on a printed e-invoice', () => {
  it('a short one keeps its 110 points', () => {
    expect(qrFit(jwtLike(300), 110)).toBe(110);
  });

  it('the longest the contract takes is still drawn, a point a module (it vanished at a fixed 110 points)', () => {
    const longest = jwtLike(SIGNED_QR_MAX);
    expect(drawnWidth(longest, 110)).toBe(0);
    // Version 40: 177 modules.
    expect(qrFit(longest, 110)).toBe(177);
    expect(drawnWidth(longest, qrFit(longest, 110))).toBe(177);
    expect(() => drawnWidth(jwtLike(SIGNED_QR_MAX + 1), 200)).toThrow();
  });
});
