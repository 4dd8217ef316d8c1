import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';

import { rupees } from '../money';
import type { PrintableDocument, PrintParty } from './print';

/**
 * The printed document's PDF layout (pdfmake's document definition), drawn the same by the
 * server (`GET …/{id}/pdf`) and, for a document still waiting to sync, by the phone itself
 * (issue 47): pure, no fonts loaded and nothing read here. Its own import path
 * ('@erp/contracts/print-layout') keeps it out of the UI's shared kit; only the lazily loaded
 * PDF module takes it.
 *
 * Noto Sans from @fontsource/noto-sans, which ships it in subsets by script: Latin, Latin
 * extended (it has ₹) and Devanagari. A text is cut into runs, each set in the subset that has
 * its characters, so a name in Hindi and an amount in rupees print as written. The ranges are
 * the subsets' own (Google Fonts' unicode-range); a character in none is set in Latin.
 */
const face = (subset: string) => ({
  normal: `noto-sans-${subset}-400-normal`,
  bold: `noto-sans-${subset}-700-normal`,
  italics: `noto-sans-${subset}-400-italic`,
  bolditalics: `noto-sans-${subset}-700-normal`,
});
/** pdfmake's fonts, each face by its name in pdfmake's file store (the server and the phone fill it from the same files). */
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

const taxRow = (label: string, amount: string): [string, string] => [label, amount];

const totalsTable = (doc: PrintableDocument): Content => {
  const rows: [string, string, boolean?][] =
    doc.tax === 'manual'
      ? [['Sub total', doc.totals.taxableValue], ['Tax', doc.totals.taxAmount], ['Total', doc.totals.total, true]]
      : [
          ['Taxable value', doc.totals.taxableValue],
          ...(doc.tax === 'intra' ? [taxRow('CGST', doc.totals.cgst), taxRow('SGST', doc.totals.sgst)] : []),
          ...(doc.tax === 'inter' ? [taxRow('IGST', doc.totals.igst)] : []),
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

/**
 * How wide to draw a QR code of this text, at least `fit` points. The server measures it (a long
 * signed QR code drawn in 110 points would have modules under a point, which pdfmake leaves out);
 * without a measure it is `fit`.
 */
export type QrFit = (text: string, fit: number) => number;

/** The e-invoice's IRN, Ack No and Date, and its signed QR code as a QR (Rule 48(4)). */
const eInvoiceBlock = (doc: PrintableDocument, qrFit: QrFit): Content[] => {
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

const PROVISIONAL_RED = '#b91c1c';

/** The document definition of a printable document (A4, every particular CGST Rule 46 asks for, Rule 55 for a challan). */
export const documentDefinition = (doc: PrintableDocument, qrFit: QrFit = (_text, fit) => fit): TDocumentDefinitions => ({
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
  footer: (page: number, pages: number) =>
    t(`${doc.provisional ? `${doc.provisional}. ` : ''}This is a computer-generated document. Page ${page} of ${pages}`, { alignment: 'center', fontSize: 7, color: doc.provisional ? PROVISIONAL_RED : '#777777' }),
  // Made on the phone before the server has recorded it (issue 47): said across every page and under the title.
  ...(doc.provisional ? { watermark: { text: 'PROVISIONAL', font: 'Latin', color: PROVISIONAL_RED, opacity: 0.12, bold: true } } : {}),
  content: [
    t(doc.title, { style: 'title' }),
    ...(doc.provisional ? [t(doc.provisional, { alignment: 'center', bold: true, fontSize: 11, color: PROVISIONAL_RED, margin: [0, 2, 0, 2] })] : []),
    // Nothing left to pay: said under the title, and the pay-to block has no QR code.
    ...(doc.paid ? [t('Paid', { alignment: 'center', bold: true, fontSize: 14, color: '#166534' })] : []),
    t(doc.copy ?? ' ', { alignment: 'center', fontSize: 7, margin: [0, 0, 0, 8] }),
    {
      columns: [
        { width: '*', ...partyBlock('From', doc.supplier) },
        {
          width: 'auto',
          stack: [
            t(`${doc.numberLabel} ${doc.number}`, { bold: true }),
            t(`Date: ${indiaDate(doc.date)}`),
            ...(doc.dueDate ? [t(`${doc.dueLabel}: ${indiaDate(doc.dueDate)}`)] : []),
            ...(doc.placeOfSupply ? [t(`Place of supply: ${doc.placeOfSupply}`)] : []),
            ...(doc.reverseCharge === null ? [] : [t(`Tax payable on reverse charge: ${doc.reverseCharge ? 'Yes' : 'No'}`)]),
            ...(doc.against ? [t(`Against invoice: ${doc.against}${doc.againstDate ? ` dated ${indiaDate(doc.againstDate)}` : ''}`)] : []),
          ],
        },
      ],
      columnGap: 16,
      margin: [0, 0, 0, 10],
    },
    { ...partyBlock(doc.recipientLabel, doc.recipient), margin: [0, 0, 0, 10] } satisfies Content,
    ...eInvoiceBlock(doc, qrFit),
    linesTable(doc),
    totalsTable(doc),
    t(`Amount in words: ${doc.inWords}`, { bold: true, margin: [0, 6, 0, 0] }),
    ...hsnTable(doc),
    ...payTo(doc),
    ...(doc.notes ? [t('Notes', { style: 'section' }), t(doc.notes)] : []),
    { stack: [t(doc.signatory, { bold: true }), t(' ', { margin: [0, 24, 0, 0] }), t('Authorised Signatory')], alignment: 'right', margin: [0, 20, 0, 0] },
  ],
});

