import { PROJECTIONS, prepareProjections } from '@erp/projections';

import { config } from '../config';
import { openInfrastructure, queryApp } from '../system';
import { requireServices } from './require-services';
import { fatal, serve } from './serve';

/** Services mode: the query service alone (PORT, default 3002). Run as many as you like. */
const main = async () => {
  requireServices(config, 'query-service');
  const infra = await openInfrastructure(config);
  // The read-model tables must exist before the first read, even if no worker ran yet.
  await prepareProjections(infra.database.db, infra.store, PROJECTIONS);
  serve('query-service', Number(process.env.PORT ?? 3002), config.host, queryApp(infra).callback(), infra.close);
};
main().catch(fatal('query-service'));
