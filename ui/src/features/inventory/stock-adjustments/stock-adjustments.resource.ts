import { stockAdjustmentsEntity, type StockAdjustment, type StockAdjustmentBody } from '@erp/contracts';

import { STOCK_KEY } from '@/features/inventory/stock.queries';
import { createResource } from '@/lib/resource';

export const stockAdjustmentsResource = createResource<StockAdjustment, StockAdjustmentBody>({
  module: stockAdjustmentsEntity.module,
  name: stockAdjustmentsEntity.plural,
  path: stockAdjustmentsEntity.path,
  record: stockAdjustmentsEntity.record,
  // An adjustment moves its item's stock (the report and the form's notice).
  alsoInvalidates: [STOCK_KEY],
});
