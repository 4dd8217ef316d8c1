import { createRequire } from 'node:module';

import type { PrintableDocument } from '@erp/contracts';
import { documentDefinition, FONTS } from '@erp/contracts/print-layout';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';

import { fontFiles } from './fonts';

/** The layout (shared with the phone, which draws a document waiting to sync the same way). */
export { documentDefinition, indiaDate, num, t } from '@erp/contracts/print-layout';

// pdfmake's server build (CommonJS): fonts from its own file store, filled once; no file is
// read and nothing fetched from the network while a PDF is made.
const pdfmake = createRequire(import.meta.url)('pdfmake') as typeof import('pdfmake') & { virtualfs: { writeFileSync: (name: string, content: Buffer) => void } };
for (const [name, font] of fontFiles()) pdfmake.virtualfs.writeFileSync(name, font);
pdfmake.setFonts(FONTS);
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy(() => false);

let rendering: Promise<unknown> = Promise.resolve();

/**
 * The PDF bytes of a document definition (a printable document's, a statement's). One PDF at a
 * time, with a turn of the event loop before each: laying a page out holds the loop, so a burst
 * of PDF requests keeps other requests waiting one render at most, not the whole burst.
 */
export const renderPdf = (definition: TDocumentDefinitions): Promise<Buffer> => {
  const rendered = rendering.then(() => new Promise((resolve) => setImmediate(resolve))).then(() => pdfmake.createPdf(definition).getBuffer());
  rendering = rendered.catch(() => undefined);
  return rendered;
};

type QrNode = { qr: string; _width?: number };
const qrEncoder = (createRequire(import.meta.url)('pdfmake/js/qrEnc.js') as { default: { measure: (node: QrNode) => QrNode } }).default;
/**
 * How wide to draw a QR code: `fit` points, or a point a module when it has more modules than
 * that (pdfmake draws whole-point modules, and none at all when they would be under a point: a
 * long signed QR code vanished from the invoice). Measured unfitted, a module is 5 points.
 */
export const qrFit = (text: string, fit: number) => Math.max(fit, (qrEncoder.measure({ qr: text })._width ?? 0) / 5);

/** The PDF bytes of a printable document. */
export const documentPdf = async (doc: PrintableDocument): Promise<Buffer> => renderPdf(documentDefinition(doc, qrFit));
