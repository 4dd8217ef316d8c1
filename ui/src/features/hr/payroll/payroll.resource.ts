import { payrollEntity, type Payroll, type PayrollBody } from '@erp/contracts';

import { createResource } from '@/lib/resource';

export const payrollResource = createResource<Payroll, PayrollBody>({
  module: payrollEntity.module,
  name: payrollEntity.plural,
  path: payrollEntity.path,
  record: payrollEntity.record,
});
