import { itemsEntity, type Item, type ItemBody } from '@erp/contracts';

import { createResource } from '@/lib/resource';

export const itemsResource = createResource<Item, ItemBody>({
  module: itemsEntity.module,
  name: itemsEntity.plural,
  path: itemsEntity.path,
  record: itemsEntity.record,
});
