import { INVOICE_DOCUMENTS, OPENING_BALANCES_PATH, OpeningBalancesBodySchema, OpeningBalancesSetSchema, openingItemBody, openingItemsPath, OpeningSummarySchema } from '@erp/contracts';

import { body, error, errors, ok, written } from '../operators/openapi-parts';

const TAG = 'Books';
const ID = { name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } };

/** Opening balances' routes in the OpenAPI document (issue 43 item 1). */
export const openingPaths = () => ({
  [OPENING_BALANCES_PATH]: {
    get: {
      tags: [TAG],
      summary: 'Opening balances: the day the books begin, the accounts\' openings as entered, each source of openings (accounts, opening invoices and bills, opening stock, ledgers) with its debits and credits, whether Temporary Opening is 0 and, when not, what is left and what to check',
      responses: { 200: ok('The openings', OpeningSummarySchema), ...errors },
    },
    put: {
      tags: [TAG],
      summary: 'Set the balance-sheet accounts\' openings (cash, bank, capital, loans, taxes; not debtors, creditors or stock: those are entered per invoice, bill and item) as of the day the books begin, each against Temporary Opening',
      requestBody: body(OpeningBalancesBodySchema, { lines: [{ account: 'cash', debit: '25000.00' }, { account: 'capital', credit: '125000.00' }] }),
      responses: { 200: ok('Saved', OpeningBalancesSetSchema.shape.data, { headers: written }), ...errors, 412: error },
    },
  },
  ...Object.fromEntries(
    INVOICE_DOCUMENTS.flatMap((doc) => {
      if (!doc.opening) return [];
      const label = doc.opening.label;
      return [
        [openingItemsPath(doc), { post: { tags: [TAG], summary: `Record an ${label.toLowerCase()}: an open item from the old books (its number, unique per ${doc.party.label.toLowerCase()}; date on or before the day the books begin; due date; amount outstanding) with no lines and no tax, settled like any other`, requestBody: body(openingItemBody(doc)), responses: { 201: ok('Recorded', doc.record, { headers: written }), ...errors } } }],
        [`${openingItemsPath(doc)}/{id}`, { parameters: [ID], put: { tags: [TAG], summary: `Change an ${label.toLowerCase()} (active: false cancels it; not below what is already settled on it)`, requestBody: body(openingItemBody(doc)), responses: { 200: ok('Changed', doc.record, { headers: written }), ...errors, 412: error } } }],
      ];
    }),
  ),
});
