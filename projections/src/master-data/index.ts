import { MASTER_DATA_ENTITIES } from '@erp/contracts';

import { masterDataProjection } from './master-data.projection';

/** Lists whose table changed since version 3: lead_list has converted_customer_id (LeadConverted); customer_list and vendor_list payment_term_days; vendor_list msme and udyam_number (issue 43). */
const VERSIONS: Readonly<Record<string, number>> = { leads: 4, customers: 4, vendors: 5 };

/** One list read model per master-data entity, named like its table (`vendor_list`). */
export const MASTER_DATA_PROJECTIONS = MASTER_DATA_ENTITIES.map((entity) => ({
  entity,
  projection: masterDataProjection(entity, VERSIONS[entity.plural]),
}));
