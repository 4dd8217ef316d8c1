import { monthName, PAYROLL_PATHS, PayrollRegisterSchema } from '@erp/contracts';
import { routes } from '@erp/contracts/shell';
import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';

import { EmptyState } from '@/components/empty-state';
import { Main, TopBar } from '@/components/layout';
import { Spinner } from '@/components/spinner';
import { TableScroll } from '@/components/table-scroll';
import { MonthPicker, useMonth } from '@/features/hr/payroll/payroll-actions';
import { apiClient } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { formatMoney } from '@/lib/format';

const Pickers = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 10px;
  margin-bottom: 16px;
  @media (min-width: 720px) { max-width: 480px; }
`;

const Scroll = styled(TableScroll)`
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  background: ${({ theme }) => theme.colors.surface};
  table { width: 100%; border-collapse: collapse; font-size: 14px; }
  th, td { padding: 8px 10px; border-bottom: 1px solid ${({ theme }) => theme.colors.borderStrong}; text-align: left; white-space: nowrap; }
  td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
  td:first-child { white-space: normal; min-width: 140px; }
  tfoot td { font-weight: 700; }
  tfoot td:last-child { white-space: normal; }
`;

/** The payroll register of a month: each employee's basic, allowances, deductions, net and status, with the totals. */
export function PayrollRegisterScreen() {
  const [period, setPeriod] = useMonth();
  const register = useQuery({
    queryKey: ['hr', 'payroll-register', period.month, period.year],
    queryFn: async () => PayrollRegisterSchema.parse(await apiClient.get(`${PAYROLL_PATHS.register}?month=${period.month}&year=${period.year}`)),
  });
  const data = register.data;
  return (
    <>
      <TopBar title="Payroll Register" subtitle="Salaries of a month, with the totals" back={{ to: routes.module('hr'), label: 'Back to HR' }} />
      <Main>
        <Pickers>
          <MonthPicker idPrefix="register" month={period.month} year={period.year} onChange={setPeriod} />
        </Pickers>
        {register.isPending && <Spinner label="Loading payroll register" />}
        {register.isError && <EmptyState message={`Could not load the payroll register. ${errorText(register.error)}`} />}
        {data && data.rows.length === 0 && <EmptyState message={`No payroll for ${monthName(period.month, period.year)}.`} />}
        {data && data.rows.length > 0 && (
          <Scroll label="Payroll register table">
            <table aria-label={`Payroll register, ${monthName(data.month, data.year)}`}>
              <thead>
                <tr>
                  <th>Employee</th>
                  <th className="num">Basic</th>
                  <th className="num">Allowances</th>
                  <th className="num">Deductions</th>
                  <th className="num">Net</th>
                  <th>Status</th>
                </tr>
              </thead>
              <tbody>
                {data.rows.map((r) => (
                  <tr key={r.id}>
                    <td>{r.employeeName}{r.employeeCode ? ` (${r.employeeCode})` : ''}</td>
                    <td className="num">{formatMoney(r.basicSalary)}</td>
                    <td className="num">{formatMoney(r.allowances)}</td>
                    <td className="num">{formatMoney(r.deductions)}</td>
                    <td className="num">{formatMoney(r.netSalary)}</td>
                    <td>{r.status.charAt(0).toUpperCase() + r.status.slice(1)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <td>Total ({data.totals.count})</td>
                  <td className="num">{formatMoney(data.totals.basicSalary)}</td>
                  <td className="num">{formatMoney(data.totals.allowances)}</td>
                  <td className="num">{formatMoney(data.totals.deductions)}</td>
                  <td className="num">{formatMoney(data.totals.netSalary)}</td>
                  <td>Paid {formatMoney(data.totals.paid)}</td>
                </tr>
              </tfoot>
            </table>
          </Scroll>
        )}
      </Main>
    </>
  );
}
