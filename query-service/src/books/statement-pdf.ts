import { type Business, decimal, rupees, type Statement } from '@erp/contracts';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';

import { indiaDate, num, renderPdf, t } from '../documents/pdf/document-pdf';

/** '₹1,822.00 Dr', '₹105.00 Cr', '₹0.00'. */
const drCr = (balance: string) => {
  const b = decimal(balance);
  return b.eq(0) ? rupees('0') : `${rupees(b.abs().toString())} ${b.gt(0) ? 'Dr' : 'Cr'}`;
};
const amount = (value: string) => (decimal(value).eq(0) ? '' : rupees(value));

/** A party's statement of account on A4: the business, the party, the period, each document with the running balance. */
export const statementPdf = async (statement: Statement, business: Business | null): Promise<Buffer> => {
  const us = business ? business.tradeName || business.legalName : 'Statement of account';
  const head = ['Date', 'Voucher', 'Debit', 'Credit', 'Balance'].map((h, i) => (i < 2 ? t(h, { bold: true }) : num(h, { bold: true })));
  const body = statement.entries.map((e) => [
    t(indiaDate(e.date)),
    t(`${e.voucherType}${e.voucherNumber ? ` ${e.voucherNumber}` : ''}`),
    num(amount(e.debit)),
    num(amount(e.credit)),
    num(drCr(e.balance)),
  ]);
  const definition: TDocumentDefinitions = {
    pageSize: 'A4',
    pageMargins: [32, 32, 32, 40],
    info: { title: `Statement of account: ${statement.name}`, author: us, creator: 'Udyam ERP' },
    defaultStyle: { font: 'Latin', fontSize: 9 },
    footer: (page: number, pages: number) => t(`This is a computer-generated statement. Page ${page} of ${pages}`, { alignment: 'center', fontSize: 7, color: '#777777' }),
    content: [
      t(us, { fontSize: 14, bold: true }),
      ...(business?.gstin ? [t(`GSTIN: ${business.gstin}`)] : []),
      t('Statement of account', { fontSize: 12, bold: true, margin: [0, 10, 0, 2] }),
      t(statement.name, { bold: true }),
      t(`${indiaDate(statement.from)} to ${indiaDate(statement.to)}`, { margin: [0, 0, 0, 8] }),
      {
        table: {
          headerRows: 1,
          widths: ['auto', '*', 'auto', 'auto', 'auto'],
          body: [
            head,
            [t(''), t('Opening balance', { bold: true }), t(''), t(''), num(drCr(statement.opening), { bold: true })],
            ...body,
            [t(''), t('Closing balance', { bold: true }), t(''), t(''), num(drCr(statement.closing), { bold: true })],
          ],
        },
        layout: 'lightHorizontalLines',
      } satisfies Content,
    ],
  };
  return renderPdf(definition);
};
