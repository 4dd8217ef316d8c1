import { vendorsEntity, type Vendor, type VendorBody } from '@erp/contracts';

import { createResource } from '@/lib/resource';

export const vendorsResource = createResource<Vendor, VendorBody>({
  module: vendorsEntity.module,
  name: vendorsEntity.plural,
  path: vendorsEntity.path,
  record: vendorsEntity.record,
});
