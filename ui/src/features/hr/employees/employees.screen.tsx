import { employeesEntity, routes, type Employee, type EmployeeBody } from '@erp/contracts';
import { Briefcase, Building2, CalendarDays, IndianRupee, Mail, Phone } from 'lucide-react';

import { formValuesOf, type ListConfig } from '@/components/entity-config';
import { EntityListScreen } from '@/components/entity-list-screen';
import { employeesResource } from '@/features/hr/employees/employees.resource';
import { formatDate, formatMoney } from '@/lib/format';

type Values = Record<string, unknown>;

const employeesList: ListConfig<Employee, Values, EmployeeBody> = {
  title: 'Employee Master',
  subtitle: 'Employee profiles',
  addLabel: 'Add Employee',
  searchPlaceholder: 'Search employees...',
  backTo: { to: routes.module('hr'), label: 'Back to HR' },
  empty: {
    searching: 'No employees found matching your search.',
    initial: 'No employees found. Add your first employee!',
  },
  search: employeesEntity.search,
  card: {
    title: (employee) => employee.name,
    badge: (employee) => ({ label: employee.employeeId, tone: 'blue' }),
    fields: [
      { label: 'Designation', icon: Briefcase, value: (e) => e.designation, hideWhenEmpty: true },
      { label: 'Department', icon: Building2, value: (e) => e.department, hideWhenEmpty: true },
      { label: 'Email', icon: Mail, value: (e) => e.email, hideWhenEmpty: true },
      { label: 'Phone', icon: Phone, value: (e) => e.phone, hideWhenEmpty: true },
      { label: 'Salary', icon: IndianRupee, value: (e) => (e.salary ? formatMoney(e.salary) : null), hideWhenEmpty: true },
      { label: 'Joined', icon: CalendarDays, value: (e) => formatDate(e.dateOfJoining), hideWhenEmpty: true },
    ],
  },
  resource: employeesResource,
  form: {
    entityLabel: employeesEntity.label,
    schema: employeesEntity.body,
    titles: { create: 'Add Employee', edit: 'Edit Employee' },
    subtitles: { create: 'Create new employee profile', edit: 'Update employee information' },
    submitLabels: { create: 'Create Employee', update: 'Update Employee' },
    sections: [
      {
        title: 'Employee Information',
        fields: [
          { name: 'employeeId', label: 'Employee ID', kind: 'text', required: true, placeholder: 'e.g. E042' },
          { name: 'name', label: 'Full Name', kind: 'text', required: true, placeholder: 'Enter full name' },
          { name: 'email', label: 'Email', kind: 'email', placeholder: 'name@example.com' },
          { name: 'phone', label: 'Phone', kind: 'tel', placeholder: '+91-9876543210' },
          { name: 'designation', label: 'Designation', kind: 'text' },
          { name: 'department', label: 'Department', kind: 'text' },
          { name: 'dateOfJoining', label: 'Date of Joining', kind: 'date' },
          { name: 'salary', label: 'Monthly Salary', kind: 'money', placeholder: '0.00' },
          { name: 'panNumber', label: 'PAN Number', kind: 'text', uppercase: true, placeholder: '10-character PAN, e.g. ABCDE1234F' },
          { name: 'bankAccount', label: 'Bank Account', kind: 'text' },
        ],
      },
    ],
    emptyValues: { employeeId: '', name: '', email: '', phone: '', designation: '', department: '', dateOfJoining: '', salary: '', panNumber: '', bankAccount: '', active: true },
    toFormValues: (employee) => formValuesOf(employee, employeesEntity.fieldNames),
  },
};

export function EmployeesScreen() {
  return <EntityListScreen config={employeesList} />;
}
