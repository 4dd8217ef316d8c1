import { masterDataEntity, type BodyOf, type EventOf, type RecordOf } from '../entity';
import { active, code, date, email, money, pan, phone, requiredText, text } from '../fields';

/** Employees (SEED-SPEC §2, §3): employeeId is unique, claimed by reservation (DESIGN §4). */
export const employeesEntity = masterDataEntity({
  module: 'hr',
  plural: 'employees',
  singular: 'employee',
  label: 'Employee',
  path: '/api/hr/employees',
  canDelete: false,
  sortBy: 'name',
  search: { fields: ['name', 'employeeId', 'designation', 'department', 'phone'], phones: ['phone'] },
  unique: { field: 'employeeId', label: 'Employee ID' },
  fields: {
    employeeId: code(),
    name: requiredText(),
    email: email(),
    phone: phone(),
    designation: text(),
    department: text(),
    dateOfJoining: date(),
    salary: money(),
    panNumber: pan(),
    bankAccount: text(),
    active: active(),
  },
});

export const EmployeeBodySchema = employeesEntity.body;
export const EmployeeSchema = employeesEntity.record;
export type EmployeeBody = BodyOf<typeof employeesEntity>;
export type EmployeeInput = typeof employeesEntity.body._zod.input;
export type Employee = RecordOf<typeof employeesEntity>;
export type EmployeeEvent = EventOf<typeof employeesEntity>;
