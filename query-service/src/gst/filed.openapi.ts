import { DeadlinesAnswerSchema, FiledReturnAnswerSchema, FilingSchema, GST_DEADLINES_PATH, GST_FILING_PATHS, MarkFiledBodySchema } from '@erp/contracts';

import { body, error, errors, ok, written } from '../operators/openapi-parts';

const PARAMETERS = [
  { name: 'return', in: 'path', required: true, schema: { type: 'string', enum: ['gstr1', 'gstr3b'] }, description: 'The return: gstr1 or gstr3b' },
  { name: 'period', in: 'path', required: true, schema: { type: 'string', pattern: '^\\d{4}-(0[1-9]|1[0-2])$' }, description: 'The return period (YYYY-MM)' },
];

/** Periods as filed in the OpenAPI document (issue 44 item 4). */
export const filedPaths = () => ({
  [GST_DEADLINES_PATH]: {
    get: {
      tags: ['GST'],
      summary:
        "Each month's GSTR-1 (due the 11th of the next month) and GSTR-3B (the 20th), from the first month with a GST document (at most 40 months back) to this one, newest first: filed (ARN, days late) or due, overdue, or barred, and a warning when an unfiled return is within 90 days of the three-year bar (s.37(4), s.39(11)) or past it",
      responses: { 200: ok('Due dates and filing status', DeadlinesAnswerSchema), ...errors },
    },
  },
  [GST_FILING_PATHS.filing('{return}', '{period}')]: {
    parameters: PARAMETERS,
    get: {
      tags: ['GST'],
      summary:
        "What was filed for the month (`filing`: ARN, filing date, the log position the return was computed at; `filed`: its JSON exactly as kept) beside the return as it stands now (`now`), `changed`, and for GSTR-1 the amendments that report the difference: in the month's GSTR-1A while its GSTR-3B is not filed, else in the next GSTR-1 not yet filed (b2ba, b2cla, b2csa, cdnra, cdnura for changed rows; a missed invoice or note in its own table), each row original → amended",
      responses: { 200: ok('The month as filed and as it stands', FiledReturnAnswerSchema), ...errors },
    },
    post: {
      tags: ['GST'],
      summary:
        "Mark the month's return filed with the portal's ARN and the filing date (after the month ends, not in the future). The return is computed as it stands, once the read models have applied every committed change, and kept in the event. From then on a sales invoice or credit note dated in a month whose GSTR-1 is filed cannot be edited or voided (409); a note dated later may reference it. Filing again with another ARN is a 409",
      requestBody: body(MarkFiledBodySchema, { arn: 'AA270926012345X', filedOn: '2026-09-11' }),
      responses: { 201: ok('The filing', FilingSchema, { headers: written }), ...errors, 409: error },
    },
  },
});
