import { MASTER_DATA_ENTITIES, type MasterDataEntity } from '@erp/contracts';

import { type MasterDataDecider, masterDataDecider } from './master-data.decider';

export interface MasterDataSlice {
  readonly entity: MasterDataEntity;
  readonly decider: MasterDataDecider<MasterDataEntity>;
}

/**
 * Every master-data slice of the write side: the entity and its decider, built once. The
 * routes register these deciders and the decider specs run over this same list.
 */
export const MASTER_DATA_SLICES: readonly MasterDataSlice[] = MASTER_DATA_ENTITIES.map((entity) => ({
  entity,
  decider: masterDataDecider(entity),
}));
