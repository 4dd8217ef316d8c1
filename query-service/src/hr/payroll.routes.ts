import {
  amountInWords,
  type Business,
  employeesEntity,
  monthName,
  notFound,
  PAYROLL_PATHS,
  payrollEntity,
  PayrollRegisterRowSchema,
  PayrollRunBodySchema,
  payslipPdfPath,
  rupees,
  sumMoney,
  toMoney,
  validationError,
  type PayrollRegister,
  type PayrollRegisterRow,
} from '@erp/contracts';
import { idParam } from '@erp/http-kit';
import { businessTable, masterDataTable } from '@erp/projections';
import type Router from '@koa/router';
import type { Context } from 'koa';
import { sql } from 'kysely';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';

import { indiaDate, num, renderPdf, t } from '../documents/pdf/document-pdf';
import { businessOfRow } from '../settings/business.routes';
import { type ReadDeps, readsFrom } from '../shared/read-your-writes';

const payrollTable = masterDataTable(payrollEntity).name;
const employeeTable = masterDataTable(employeesEntity).name;

/** Each active payroll (of a month, or one by id) with its employee's code, name and designation. */
const rowsWhere = async (deps: ReadDeps, where: ReturnType<typeof sql>) => {
  const { rows } = await sql<Record<string, unknown>>`
    select p.id, p.employee_id as "employeeId", e.employee_id as "employeeCode", coalesce(e.name, 'Employee ' || p.employee_id) as "employeeName",
           e.designation, p.basic_salary::text as "basicSalary", coalesce(p.allowances, 0)::text as allowances,
           coalesce(p.deductions, 0)::text as deductions, p.net_salary::text as "netSalary", p.status, p.paid_on::text as "paidOn",
           p.month, p.year, p.paid_from as "paidFrom"
    from ${sql.table(payrollTable)} p left join ${sql.table(employeeTable)} e on e.id = p.employee_id
    where not p.deleted and p.active and ${where}
    order by lower(coalesce(e.name, '')), p.id`.execute(deps.db);
  return rows.map((r): Record<string, unknown> => ({
    ...r,
    basicSalary: toMoney(String(r.basicSalary ?? '0')),
    allowances: toMoney(String(r.allowances)),
    deductions: toMoney(String(r.deductions)),
    netSalary: toMoney(String(r.netSalary ?? '0')),
  }));
};

/** A month's register: the rows and their exact totals (a cancelled payroll is listed, not counted). */
export const payrollRegister = async (deps: ReadDeps, month: number, year: number): Promise<PayrollRegister> => {
  const rows: PayrollRegisterRow[] = (await rowsWhere(deps, sql`p.month = ${month} and p.year = ${year}`)).map((r) => PayrollRegisterRowSchema.parse(r));
  const counted = rows.filter((r) => r.status !== 'cancelled');
  const total = (key: 'basicSalary' | 'allowances' | 'deductions' | 'netSalary', of = counted) => sumMoney(of.map((r) => r[key]));
  return {
    month,
    year,
    rows,
    totals: {
      basicSalary: total('basicSalary'),
      allowances: total('allowances'),
      deductions: total('deductions'),
      netSalary: total('netSalary'),
      paid: total('netSalary', counted.filter((r) => r.status === 'paid')),
      pending: total('netSalary', counted.filter((r) => r.status === 'pending')),
      count: counted.length,
    },
  };
};

/** A payslip on A5: the business, the employee, the month, the amounts and the net in words. */
const payslipPdf = (slip: Record<string, unknown>, business: Business | null): Promise<Buffer> => {
  const us = business ? business.tradeName || business.legalName : 'Payslip';
  const period = monthName(Number(slip.month), Number(slip.year));
  const row = (label: string, value: string, bold = false) => [t(label, { bold }), num(rupees(value), { bold })];
  const net = String(slip.netSalary);
  const definition: TDocumentDefinitions = {
    pageSize: 'A5',
    pageMargins: [28, 28, 28, 36],
    info: { title: `Payslip ${period}: ${String(slip.employeeName)}`, author: us, creator: 'Udyam ERP' },
    defaultStyle: { font: 'Latin', fontSize: 9 },
    footer: () => t('This is a computer-generated payslip.', { alignment: 'center', fontSize: 7, color: '#777777' }),
    content: [
      t(us, { fontSize: 14, bold: true }),
      ...(business?.address ? [t(business.address)] : []),
      t(`Payslip for ${period}`, { fontSize: 12, bold: true, margin: [0, 10, 0, 6] }),
      {
        table: {
          widths: ['auto', '*'],
          body: [
            [t('Employee', { bold: true }), t(String(slip.employeeName))],
            [t('Employee ID', { bold: true }), t(String(slip.employeeCode ?? slip.employeeId))],
            [t('Designation', { bold: true }), t(String(slip.designation ?? '—'))],
            [t('Status', { bold: true }), t(slip.status === 'paid' ? `Paid on ${indiaDate(String(slip.paidOn ?? ''))}${slip.paidFrom ? ` (${String(slip.paidFrom)})` : ''}` : String(slip.status))],
          ],
        },
        layout: 'noBorders',
        margin: [0, 0, 0, 10],
      } satisfies Content,
      {
        table: {
          widths: ['*', 'auto'],
          body: [
            row('Basic salary', String(slip.basicSalary)),
            row('Allowances', String(slip.allowances)),
            row('Deductions', `-${String(slip.deductions)}`.replace(/^-0\.00$/, '0.00')),
            row('Net salary', net, true),
          ],
        },
        layout: 'lightHorizontalLines',
      } satisfies Content,
      t(`Net salary in words: ${amountInWords(net)}`, { margin: [0, 8, 0, 0], italics: true }),
    ],
  };
  return renderPdf(definition);
};

const monthQuery = (ctx: Context) => {
  const parsed = PayrollRunBodySchema.safeParse({ month: ctx.query.month, year: ctx.query.year });
  if (!parsed.success) {
    throw validationError('Choose a month and a year', parsed.error.issues.map((i) => ({ path: String(i.path[0] ?? 'month'), message: i.message })));
  }
  return parsed.data;
};

/** GET /api/hr/payroll-register?month=&year= and GET /api/hr/payroll/{id}/pdf (the payslip). */
export const payrollReadRoutes = (router: Router, deps: ReadDeps) => {
  const fresh = readsFrom(deps, [payrollTable, employeeTable, businessTable.name]);
  router.get(PAYROLL_PATHS.register, fresh, async (ctx: Context) => {
    const { month, year } = monthQuery(ctx);
    ctx.body = await payrollRegister(deps, month, year);
  });
  router.get(payslipPdfPath(':id'), fresh, async (ctx: Context) => {
    const id = idParam(ctx, payrollEntity.label);
    const [slip] = await rowsWhere(deps, sql`p.id = ${id}`);
    if (!slip) throw notFound(`${payrollEntity.label} ${id} not found`);
    const name = String(slip.employeeName).replace(/[^A-Za-z0-9-]+/g, '-').replace(/^-+|-+$/g, '') || 'employee';
    ctx.type = 'application/pdf';
    ctx.set('Content-Disposition', `inline; filename="payslip-${name}-${String(slip.year)}-${String(slip.month).padStart(2, '0')}.pdf"`);
    ctx.body = await payslipPdf(slip, await businessOfRow(deps));
  });
};
