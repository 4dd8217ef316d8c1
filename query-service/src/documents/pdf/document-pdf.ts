import { createRequire } from 'node:module';

import { type PrintableDocument, type PrintParty, rupees } from '@erp/contracts';
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';

import { fontFiles, FONTS, runs } from './fonts';

// pdfmake's server build (CommonJS): fonts from its own file store, filled once; no file is
// read and nothing fetched from the network while a PDF is made.
const pdfmake = createRequire(import.meta.url)('pdfmake') as typeof import('pdfmake') & { virtualfs: { writeFileSync: (name: string, content: Buffer) => void } };
for (const [name, font] of fontFiles()) pdfmake.virtualfs.writeFileSync(name, font);
pdfmake.setFonts(FONTS);
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy(() => false);

/** Text in the fonts that have its characters (a Hindi name, ₹). */
export const t = (text: string, style: Record<string, unknown> = {}): Content => ({ text: runs(text), ...style });
const money = (value: string) => rupees(value);
export const num = (text: string, style: Record<string, unknown> = {}): TableCell => ({ text: runs(text), alignment: 'right', ...style });
export const indiaDate = (iso: string) => (iso ? `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}` : '');

const partyBlock = (label: string, party: PrintParty) => ({
  stack: [
    t(label, { style: 'label' }),
    t(party.name, { bold: true }),
    ...(party.tradeName && party.tradeName !== party.name ? [t(party.tradeName)] : []),
    ...(party.address ? [t(party.address)] : []),
    t(`GSTIN: ${party.gstin ?? 'Unregistered'}`),
    ...(party.state ? [t(`State: ${party.state}`)] : []),
    ...(party.pan ? [t(`PAN: ${party.pan}`)] : []),
    ...(party.phone || party.email ? [t([party.phone, party.email].filter(Boolean).join(' · '))] : []),
  ],
});

const percent = (rate: string) => `${rate}%`;

/** Each tax's rate and amount (CGST Rule 46(l), (m)): CGST % and CGST, SGST % and SGST within the state; IGST % and IGST across. */
const taxHead = (doc: PrintableDocument) => (doc.tax === 'intra' ? ['CGST %', 'CGST', 'SGST %', 'SGST'] : doc.tax === 'inter' ? ['IGST %', 'IGST'] : []);
const taxCells = (doc: PrintableDocument, r: PrintableDocument['lines'][number] | PrintableDocument['hsn'][number]) =>
  doc.tax === 'intra'
    ? [num(percent(r.cgstRate)), num(money(r.cgst)), num(percent(r.sgstRate)), num(money(r.sgst))]
    : doc.tax === 'inter'
      ? [num(percent(r.igstRate)), num(money(r.igst))]
      : [];

const linesTable = (doc: PrintableDocument): Content => {
  const head = [
    '#',
    'Description',
    ...(doc.tax === 'manual' ? [] : ['HSN/SAC']),
    'Qty',
    'Rate',
    ...(doc.tax === 'manual' ? [] : ['Disc.']),
    doc.tax === 'manual' ? 'Amount' : 'Taxable',
    ...taxHead(doc),
  ].map((h) => t(h, { style: 'th' }));
  const body = doc.lines.map((l) => [
    t(String(l.no)),
    t(l.description),
    ...(doc.tax === 'manual' ? [] : [t(l.hsn ?? '')]),
    num(`${l.quantity}${l.unit ? ` ${l.unit}` : ''}`),
    num(money(l.rate)),
    ...(doc.tax === 'manual' ? [] : [num(money(l.discount))]),
    num(money(l.taxableValue)),
    ...taxCells(doc, l),
  ]);
  const widths = head.map((_, i) => (i === 1 ? '*' : 'auto'));
  return { table: { headerRows: 1, widths, body: [head, ...body] }, layout: 'lightHorizontalLines', fontSize: 8 };
};

const totalsTable = (doc: PrintableDocument): Content => {
  const rows: [string, string, boolean?][] =
    doc.tax === 'manual'
      ? [['Sub total', doc.totals.taxableValue], ['Tax', doc.totals.taxAmount], ['Total', doc.totals.total, true]]
      : [
          ['Taxable value', doc.totals.taxableValue],
          ...(doc.tax === 'intra' ? ([['CGST', doc.totals.cgst], ['SGST', doc.totals.sgst]] as [string, string][]) : []),
          ...(doc.tax === 'inter' ? ([['IGST', doc.totals.igst]] as [string, string][]) : []),
          ['Round off', doc.totals.roundOff],
          ['Total', doc.totals.total, true],
        ];
  return {
    columns: [
      { width: '*', text: '' },
      {
        width: 'auto',
        table: { body: rows.map(([label, value, bold]) => [t(label, { bold: bold ?? false }), num(money(value), { bold: bold ?? false })]) },
        layout: 'noBorders',
      },
    ],
  };
};

const hsnTable = (doc: PrintableDocument): Content[] => {
  if (doc.hsn.length === 0) return [];
  const head = ['HSN/SAC', 'UQC', 'Qty', 'Taxable', ...taxHead(doc)].map((h) => t(h, { style: 'th' }));
  const body = doc.hsn.map((r) => [t(r.hsn || '—'), t(r.unit || '—'), num(r.quantity), num(money(r.taxableValue)), ...taxCells(doc, r)]);
  return [t('HSN summary', { style: 'section' }), { table: { headerRows: 1, body: [head, ...body] }, layout: 'lightHorizontalLines', fontSize: 8 }];
};

const payTo = (doc: PrintableDocument): Content[] => {
  const pay = doc.payTo;
  if (!pay) return [];
  const bank = [
    pay.bankName ? `Bank: ${pay.bankName}` : null,
    pay.accountNumber ? `Account: ${pay.accountNumber}` : null,
    pay.ifsc ? `IFSC: ${pay.ifsc}` : null,
    pay.upiId ? `UPI: ${pay.upiId}` : null,
  ].filter((line): line is string => line !== null);
  return [
    t('Pay to', { style: 'section' }),
    { columns: [{ width: '*', stack: bank.map((line) => t(line)) }, ...(pay.upiLink ? [{ width: 'auto', stack: [{ qr: pay.upiLink, fit: 90 }, t('Scan to pay by UPI', { fontSize: 7 })] }] : [])] },
  ];
};

type QrNode = { qr: string; _width?: number };
const qrEncoder = (createRequire(import.meta.url)('pdfmake/js/qrEnc.js') as { default: { measure: (node: QrNode) => QrNode } }).default;
/**
 * How wide to draw a QR code: `fit` points, or a point a module when it has more modules than
 * that (pdfmake draws whole-point modules, and none at all when they would be under a point: a
 * long signed QR code vanished from the invoice). Measured unfitted, a module is 5 points.
 */
export const qrFit = (text: string, fit: number) => Math.max(fit, (qrEncoder.measure({ qr: text })._width ?? 0) / 5);

/** The e-invoice's IRN, Ack No and Date, and its signed QR code as a QR (Rule 48(4)). */
const eInvoiceBlock = (doc: PrintableDocument): Content[] => {
  const e = doc.eInvoice;
  if (!e) return [];
  return [
    {
      columns: [
        { width: '*', stack: [t('e-Invoice', { bold: true }), t(`IRN: ${e.irn}`, { fontSize: 7 }), t(`Ack No: ${e.ackNo}`), t(`Ack Date: ${e.ackDate}`)] },
        { width: 'auto', qr: e.signedQrCode, fit: qrFit(e.signedQrCode, 110) },
      ],
      columnGap: 12,
      margin: [0, 0, 0, 10],
    },
  ];
};

/** The document definition of a printable document (A4, every particular CGST Rule 46 asks for). */
export const documentDefinition = (doc: PrintableDocument): TDocumentDefinitions => ({
  pageSize: 'A4',
  pageMargins: [32, 32, 32, 40],
  info: { title: `${doc.title} ${doc.number}`, author: doc.supplier.name, creator: 'Udyam ERP' },
  defaultStyle: { font: 'Latin', fontSize: 9 },
  styles: {
    title: { fontSize: 16, bold: true, alignment: 'center' },
    label: { fontSize: 7, color: '#555555' },
    th: { bold: true, noWrap: true },
    section: { bold: true, fontSize: 10, margin: [0, 10, 0, 4] },
  },
  footer: (page: number, pages: number) => t(`This is a computer-generated document. Page ${page} of ${pages}`, { alignment: 'center', fontSize: 7, color: '#777777' }),
  content: [
    t(doc.title, { style: 'title' }),
    // Nothing left to pay: said under the title, and the pay-to block has no QR code.
    ...(doc.paid ? [t('Paid', { alignment: 'center', bold: true, fontSize: 14, color: '#166534' })] : []),
    t(doc.tax === 'none' ? 'Composition taxable person or not registered: not eligible to collect tax on supplies' : 'Original for recipient', { alignment: 'center', fontSize: 7, margin: [0, 0, 0, 8] }),
    {
      columns: [
        { width: '*', ...partyBlock('From', doc.supplier) } as Content,
        {
          width: 'auto',
          stack: [
            t(`${doc.numberLabel} ${doc.number}`, { bold: true }),
            t(`Date: ${indiaDate(doc.date)}`),
            ...(doc.dueDate ? [t(`Due: ${indiaDate(doc.dueDate)}`)] : []),
            ...(doc.placeOfSupply ? [t(`Place of supply: ${doc.placeOfSupply}`)] : []),
            t(`Tax payable on reverse charge: ${doc.reverseCharge ? 'Yes' : 'No'}`),
            ...(doc.against ? [t(`Against invoice: ${doc.against}${doc.againstDate ? ` dated ${indiaDate(doc.againstDate)}` : ''}`)] : []),
          ],
        },
      ],
      columnGap: 16,
      margin: [0, 0, 0, 10],
    },
    { ...partyBlock(doc.recipientLabel, doc.recipient), margin: [0, 0, 0, 10] } as Content,
    ...eInvoiceBlock(doc),
    linesTable(doc),
    totalsTable(doc),
    t(`Amount in words: ${doc.inWords}`, { bold: true, margin: [0, 6, 0, 0] }),
    ...hsnTable(doc),
    ...payTo(doc),
    ...(doc.notes ? [t('Notes', { style: 'section' }), t(doc.notes)] : []),
    { stack: [t(doc.signatory, { bold: true }), t(' ', { margin: [0, 24, 0, 0] }), t('Authorised Signatory')], alignment: 'right', margin: [0, 20, 0, 0] },
  ],
});

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

/** The PDF bytes of a printable document. */
export const documentPdf = async (doc: PrintableDocument): Promise<Buffer> => renderPdf(documentDefinition(doc));
