import { vendorsEntity } from '@erp/contracts';

import { masterDataDecider } from '../../shared/master-data.decider';

export const vendorDecider = masterDataDecider(vendorsEntity);
export const vendorStream = (id: number) => `${vendorsEntity.singular}-${id}`;
