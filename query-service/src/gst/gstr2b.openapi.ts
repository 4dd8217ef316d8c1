import {
  GSTR2B_FILE_MAX,
  GSTR2B_PATHS,
  GSTR2B_ROWS_MAX,
  Gstr2bImportAnswerSchema,
  Gstr2bImportBodySchema,
  Gstr2bMatchSchema,
  ImsActionAnswerSchema,
  ImsActionBodySchema,
  ImsImportAnswerSchema,
  ImsImportBodySchema,
  MatchedItcSchema,
  TOLERANCE_MAX,
  ToleranceAnswerSchema,
  ToleranceBodySchema,
} from '@erp/contracts';

import { body, error, errors, ok, written } from '../operators/openapi-parts';

const PERIOD = { name: 'period', in: 'path', required: true, schema: { type: 'string', pattern: '^\\d{4}-(0[1-9]|1[0-2])$' }, description: 'The return period (YYYY-MM)' };
const TAG = 'GST';
const SAMPLE_2B = JSON.stringify({
  data: {
    gstin: '27AAPFU0939F1ZV',
    rtnprd: '042026',
    gendt: '14-05-2026',
    docdata: { b2b: [{ ctin: '29AAHCM7727Q1ZI', trdnm: 'Mehta Traders', inv: [{ inum: 'INV-1', typ: 'R', dt: '10-04-2026', val: 1180, pos: '27', rev: 'N', items: [{ txval: 1000, igst: 180, cgst: 0, sgst: 0, cess: 0 }] }] }] },
  },
});

/** GSTR-2B matching's routes in the OpenAPI document (issue 44 item 3). */
export const gstr2bPaths = () => ({
  [GSTR2B_PATHS.imports]: {
    post: {
      tags: [TAG],
      summary: `Import a GSTR-2B downloaded from the portal (its JSON as text in \`file\`, at most ${GSTR2B_FILE_MAX / 1000} kB and ${GSTR2B_ROWS_MAX} documents): b2b invoices and cdnr notes are read, other sections counted in \`notRead\`. It must be for the business's GSTIN; its period is its \`rtnprd\`. A file that is not one is a 400 naming what is wrong (\`file.data.docdata.b2b.0.inv.0.dt\`) and nothing is stored; a second import of a period replaces its documents (the first stays in the log)`,
      requestBody: body(Gstr2bImportBodySchema, { file: SAMPLE_2B, fileName: 'GSTR2B-042026.json' }),
      responses: { 201: ok('What was imported', Gstr2bImportAnswerSchema, { headers: written }), ...errors },
    },
  },
  [GSTR2B_PATHS.ims]: {
    post: {
      tags: [TAG],
      summary: "Import an IMS file downloaded from the portal (b2b, b2bcn, b2bdn records with `action` A, R, P or N): each document's action on the portal, filed under the period of its supplier's return (`rtnprd`). A bad file is a 400 naming what is wrong, nothing stored",
      requestBody: body(ImsImportBodySchema),
      responses: { 201: ok('The periods and how many statuses each took', ImsImportAnswerSchema, { headers: written }), ...errors },
    },
  },
  [GSTR2B_PATHS.period('{period}')]: {
    parameters: [PERIOD],
    get: {
      tags: [TAG],
      summary: "The period's GST bills of every bill kind (purchase invoices, expenses; vendors with a GSTIN), each named by its `stream`, matched to its GSTR-2B: supplier GSTIN equal, invoice number normalised (case, spaces, leading zeros, `/`, `-`, the financial year), date, taxable value and each tax within the tolerance. Each row matched, mismatched (what differs, books against portal), only in 2B or only in books (with a message for the supplier), and the action on the supplier document",
      responses: { 200: ok('The matching', Gstr2bMatchSchema), ...errors },
    },
  },
  [GSTR2B_PATHS.actions('{period}')]: {
    parameters: [PERIOD],
    post: {
      tags: [TAG],
      summary: 'Accept, reject or keep pending a supplier document of the period\'s 2B (`key` as the matching gives it); who and when are kept. The same action twice is a 409',
      requestBody: body(ImsActionBodySchema, { key: 'invoice:29AAHCM7727Q1ZI:INV-1', action: 'accept' }),
      responses: { 201: ok('The action', ImsActionAnswerSchema, { headers: written }), ...errors, 409: error },
    },
  },
  [GSTR2B_PATHS.tolerance('{period}')]: {
    parameters: [PERIOD],
    put: {
      tags: [TAG],
      summary: `The tolerance for the period (₹0 to ₹${TOLERANCE_MAX}, default ₹1): the taxable value and each tax may differ by this much and still match`,
      requestBody: body(ToleranceBodySchema, { tolerance: '1.00' }),
      responses: { 200: ok('The tolerance', ToleranceAnswerSchema, { headers: written }), ...errors },
    },
  },
  [GSTR2B_PATHS.imsUpload('{period}')]: {
    parameters: [PERIOD],
    get: {
      tags: [TAG],
      summary: "The IMS upload JSON of the owner's actions that differ from the portal's: records under b2b, b2bcn, b2bdn (india-compliance's layout), action A, R or P, `prev_status` when an IMS file told it",
      responses: { 200: { description: 'IMS upload JSON', content: { 'application/json': { schema: { type: 'object', additionalProperties: { type: 'array', items: { type: 'object' } } } } } }, ...errors },
    },
  },
  [GSTR2B_PATHS.itc('{period}')]: {
    parameters: [PERIOD],
    get: {
      tags: [TAG],
      summary: 'Input tax credit for GSTR-3B table 4 from the bills (purchase invoices, expenses) matched to the 2B and accepted: IGST, CGST, SGST, cess; the bills counted, and those left out with why, each named by its `stream`',
      responses: { 200: ok('Matched and accepted ITC', MatchedItcSchema), ...errors },
    },
  },
});
