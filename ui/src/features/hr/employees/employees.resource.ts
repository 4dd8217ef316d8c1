import { employeesEntity, type Employee, type EmployeeBody } from '@erp/contracts';

import { createResource } from '@/lib/resource';

export const employeesResource = createResource<Employee, EmployeeBody>({
  module: employeesEntity.module,
  name: employeesEntity.plural,
  path: employeesEntity.path,
  record: employeesEntity.record,
});
