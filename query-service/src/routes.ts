import { MASTER_DATA_ENTITIES } from '@erp/contracts';
import type { AnyDb, EventStore } from '@erp/eventstore';
import type Router from '@koa/router';

import { masterDataReadRoutes } from './shared/master-data.routes';

/** Every entity read route; one line per entity. */
export const registerReadRoutes = (router: Router, db: AnyDb, store: EventStore) => {
  for (const entity of MASTER_DATA_ENTITIES) masterDataReadRoutes(router, db, store, entity);
};
