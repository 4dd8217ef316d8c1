import { MASTER_DATA_ENTITIES } from '@erp/contracts';

import { masterDataProjection } from './master-data.projection';

/** One list read model per master-data entity, named like its table (`vendor_list`). */
export const MASTER_DATA_PROJECTIONS = MASTER_DATA_ENTITIES.map((entity) => ({
  entity,
  projection: masterDataProjection(entity),
}));
