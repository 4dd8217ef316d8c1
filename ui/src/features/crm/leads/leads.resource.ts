import { leadsEntity, type Lead, type LeadBody } from '@erp/contracts';

import { createResource } from '@/lib/resource';

export const leadsResource = createResource<Lead, LeadBody>({
  module: leadsEntity.module,
  name: leadsEntity.plural,
  path: leadsEntity.path,
  record: leadsEntity.record,
});
