import { decimal, monthName, PAID_FROM, PAYROLL_STATUSES, payrollEntity, payslipPdfPath, routes, toMoney, type Payroll, type PayrollBody } from '@erp/contracts';
import { CalendarDays, IndianRupee, MinusCircle, PlusCircle, Wallet } from 'lucide-react';
import { useMemo, useState } from 'react';

import type { BadgeTone, ListConfig } from '@/components/entity-config';
import { formValuesOf } from '@/components/entity-config';
import { EntityListScreen } from '@/components/entity-list-screen';
import { optionsFrom, useLabels } from '@/features/documents/lookups';
import { employeesResource } from '@/features/hr/employees/employees.resource';
import { MarkPaid, monthOptions, RunPayroll } from '@/features/hr/payroll/payroll-actions';
import { payrollResource } from '@/features/hr/payroll/payroll.resource';
import { formatDate, formatMoney, todayInIndia } from '@/lib/format';

type Values = Record<string, unknown>;

const employeeOptions = optionsFrom(employeesResource.useList);
const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const TONES: Record<string, BadgeTone> = { pending: 'yellow', paid: 'green', cancelled: 'grey' };
const amount = (v: unknown) => (typeof v === 'string' && /^\s*\d+(\.\d*)?\s*$/.test(v) ? decimal(v.trim()) : decimal(0));

/** What the server will work out: net = basic + allowances − deductions (basic blank: the employee's salary). */
const useNetNotice = (values: Values) => {
  const employees = employeesResource.useList();
  const employee = employees.data?.find((e) => e.id === Number(values.employeeId ?? 0));
  const blank = typeof values.basicSalary !== 'string' || values.basicSalary.trim() === '';
  const basic = blank ? amount(employee?.salary ?? '0') : amount(values.basicSalary);
  const gross = basic.plus(amount(values.allowances));
  const net = gross.minus(amount(values.deductions));
  if (net.lt(0)) return { text: `Deductions are more than basic salary plus allowances (${formatMoney(toMoney(gross))}).`, warning: true };
  return { text: `Net salary: ${formatMoney(toMoney(net))}${blank && employee ? ` (basic is ${employee.name}'s salary)` : ''}.`, warning: false };
};

export function PayrollScreen() {
  const employeeName = useLabels(employeesResource.useList, (e) => e.name);
  const refresh = payrollResource.useRefresh();
  const [paying, setPaying] = useState<Payroll | null>(null);
  const config = useMemo(
    (): ListConfig<Payroll, Values, PayrollBody> => ({
      title: 'Payroll',
      subtitle: 'Monthly salaries: run, pay and print payslips',
      addLabel: 'Add Payroll',
      searchPlaceholder: 'Search payroll...',
      backTo: { to: routes.module('hr'), label: 'Back to HR' },
      empty: {
        searching: 'No payroll found matching your search.',
        initial: 'No payroll yet. Run payroll for a month, or add one.',
      },
      toolbar: paying ? (
        <MarkPaid
          key={paying.id}
          payroll={paying}
          name={employeeName(paying.employeeId, 'Employee')}
          onDone={(paid) => {
            setPaying(null);
            if (paid) void refresh();
          }}
        />
      ) : (
        <RunPayroll onDone={() => void refresh()} />
      ),
      search: payrollEntity.search,
      searchAlso: (p) => [employeeName(p.employeeId, ''), monthName(p.month, p.year)],
      card: {
        title: (p) => employeeName(p.employeeId, `Employee ${p.employeeId}`),
        badge: (p) => ({ label: capitalised(p.status), tone: TONES[p.status] ?? 'grey' }),
        fields: [
          { label: 'Month', icon: CalendarDays, value: (p) => monthName(p.month, p.year) },
          { label: 'Basic', icon: IndianRupee, value: (p) => formatMoney(p.basicSalary ?? '0') },
          { label: 'Allowances', icon: PlusCircle, value: (p) => formatMoney(p.allowances) },
          { label: 'Deductions', icon: MinusCircle, value: (p) => formatMoney(p.deductions) },
          { label: 'Net Salary', icon: Wallet, value: (p) => formatMoney(p.netSalary ?? '0') },
          { label: 'Paid', icon: CalendarDays, value: (p) => (p.paidOn ? `${formatDate(p.paidOn)}${p.paidFrom ? `, ${p.paidFrom}` : ''}` : null), hideWhenEmpty: true },
        ],
        actions: (p) => [
          ...(p.status === 'pending' && p.active ? [{ label: 'Mark Paid', primary: true, run: () => setPaying(p) }] : []),
          { label: 'Payslip', reads: true, run: () => window.open(payslipPdfPath(p.id), '_blank', 'noopener') },
        ],
      },
      resource: payrollResource,
      form: {
        entityLabel: payrollEntity.label,
        schema: payrollEntity.body,
        titles: { create: 'Add Payroll', edit: 'Edit Payroll' },
        subtitles: { create: "One employee's pay for a month", edit: 'Update payroll details' },
        submitLabels: { create: 'Create Payroll', update: 'Update Payroll' },
        sections: [
          {
            title: 'Payroll Details',
            fields: [
              { name: 'employeeId', label: 'Employee', kind: 'select', required: true, useOptions: employeeOptions },
              { name: 'month', label: 'Month', kind: 'select', required: true, options: monthOptions },
              { name: 'year', label: 'Year', kind: 'integer', required: true, placeholder: 'e.g. 2026' },
              { name: 'basicSalary', label: 'Basic Salary', kind: 'money', placeholder: '0.00', hint: "Left blank: the employee's monthly salary." },
              { name: 'allowances', label: 'Allowances', kind: 'money', placeholder: '0.00' },
              { name: 'deductions', label: 'Deductions', kind: 'money', placeholder: '0.00', hint: 'PF, ESI, TDS, advances recovered.' },
              { name: 'status', label: 'Status', kind: 'select', required: true, options: PAYROLL_STATUSES.map((s) => ({ value: s, label: capitalised(s) })) },
              { name: 'paidOn', label: 'Paid On', kind: 'date', showWhen: (v) => v.status === 'paid' },
              { name: 'paidFrom', label: 'Paid From', kind: 'select', options: PAID_FROM.map((s) => ({ value: s, label: capitalised(s) })), showWhen: (v) => v.status === 'paid' },
              { name: 'notes', label: 'Notes', kind: 'textarea' },
            ],
          },
        ],
        useNotice: useNetNotice,
        emptyValues: (() => {
          const [year, month] = todayInIndia().split('-');
          return { employeeId: '', month: String(Number(month)), year: year!, basicSalary: '', allowances: '', deductions: '', netSalary: '', period: '', status: 'pending', paidOn: '', paidFrom: '', notes: '', active: true };
        })(),
        toFormValues: (p) => ({ ...formValuesOf(p, payrollEntity.fieldNames), employeeId: String(p.employeeId), month: String(p.month), year: String(p.year) }),
      },
    }),
    [employeeName, paying, refresh],
  );
  return <EntityListScreen config={config} />;
}
