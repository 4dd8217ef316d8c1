import { customersEntity, type Customer, type CustomerBody } from '@erp/contracts';

import { createResource } from '@/lib/resource';

export const customersResource = createResource<Customer, CustomerBody>({
  module: customersEntity.module,
  name: customersEntity.plural,
  path: customersEntity.path,
  record: customersEntity.record,
});
