import type Router from '@koa/router';

import { MASTER_DATA_SLICES } from './master-data';
import { type CommandDeps, masterDataWriteRoutes } from './master-data/master-data.routes';
import { purchaseWriteRoutes } from './purchase/purchase.routes';

/** Every write route of the product. */
export const registerWriteRoutes = (router: Router, deps: CommandDeps) => {
  for (const { entity, decider } of MASTER_DATA_SLICES) masterDataWriteRoutes(router, deps, entity, decider);
  purchaseWriteRoutes(router, deps);
};
