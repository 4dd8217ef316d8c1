import { vendorsEntity } from '@erp/contracts';

import { masterDataProjection } from '../../shared/master-data.projection';

export const vendorListProjection = masterDataProjection(vendorsEntity);
