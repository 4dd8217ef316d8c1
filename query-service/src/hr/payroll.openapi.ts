import { PAYROLL_PATHS, payrollActionPath, payslipPdfPath } from '@erp/contracts';

const json = (description: string) => ({ description, content: { 'application/json': { schema: { type: 'object' } } } });
const error = { $ref: '#/components/responses/Error' };
const ID = [{ name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } }];
const body = (properties: object, required: readonly string[] = []) => ({
  required: true,
  content: { 'application/json': { schema: { type: 'object', properties, required } } },
});
const MONTH = { month: { type: 'integer', minimum: 1, maximum: 12 }, year: { type: 'integer', minimum: 2000, maximum: 2099 } };

/** Payroll's own routes beside the generic ones: the month's run, pay, cancel, the payslip and the register. */
export const payrollPaths = () => ({
  [PAYROLL_PATHS.run]: {
    post: {
      tags: ['HR'],
      summary: 'Run payroll for a month: a pending payroll at the monthly salary for every active employee who has none that month; answers `created` and `skipped`',
      requestBody: body(MONTH, ['month', 'year']),
      responses: { 200: json('The payrolls created and the employees skipped'), 400: error, 401: error, 409: error },
    },
  },
  [payrollActionPath('{id}', 'pay')]: {
    parameters: ID,
    post: {
      tags: ['HR'],
      summary: 'Mark a pending payroll paid (posts Dr Salaries / Cr Cash or Bank / Cr Salary Deductions Payable, dated paidOn)',
      requestBody: body({ paidOn: { type: 'string', format: 'date', description: 'Default: today in India' }, paidFrom: { type: 'string', enum: ['cash', 'bank'] } }, ['paidFrom']),
      responses: { 200: json('The payroll'), 400: error, 401: error, 404: error, 409: error },
    },
  },
  [payrollActionPath('{id}', 'cancel')]: {
    parameters: ID,
    post: { tags: ['HR'], summary: 'Cancel a payroll (a paid one has its posting reversed; the month is free again)', responses: { 200: json('The payroll'), 401: error, 404: error, 409: error } },
  },
  [payslipPdfPath('{id}')]: {
    parameters: ID,
    get: { tags: ['HR'], summary: 'The payslip as a PDF (A5)', responses: { 200: { description: 'application/pdf', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } }, 401: error, 404: error } },
  },
  [PAYROLL_PATHS.register]: {
    get: {
      tags: ['HR'],
      summary: "A month's payroll register: each payroll with the employee, basic, allowances, deductions, net and status; exact totals (cancelled ones listed, not counted)",
      parameters: Object.entries(MONTH).map(([name, schema]) => ({ name, in: 'query', required: true, schema })),
      responses: { 200: json('The register'), 400: error, 401: error },
    },
  },
});
