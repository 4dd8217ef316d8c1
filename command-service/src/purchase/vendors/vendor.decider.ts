import { vendorsEntity } from '@erp/contracts';

import { masterDataDecider } from '../../shared/master-data.decider';

export const vendorDecider = masterDataDecider(vendorsEntity);
