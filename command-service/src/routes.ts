import { MASTER_DATA_ENTITIES } from '@erp/contracts';
import type Router from '@koa/router';

import { type CommandDeps, masterDataWriteRoutes } from './shared/master-data.routes';

/** Every write route of the product; one line per entity. */
export const registerWriteRoutes = (router: Router, deps: CommandDeps) => {
  for (const entity of MASTER_DATA_ENTITIES) masterDataWriteRoutes(router, deps, entity);
};
