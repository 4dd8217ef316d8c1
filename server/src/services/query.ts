import { config } from '../config';
import { openInfrastructure, prepareReadModels, queryApp, startedFields, warmUp, watchPipeline } from '../system';
import { requireServices } from './require-services';
import { fatal, serve } from './serve';

/** Services mode: the query service alone (PORT, default 3002). Run as many as you like. */
const main = async () => {
  requireServices(config, 'query-service');
  const infra = await openInfrastructure(config);
  // The read-model tables must exist before the first read, even if no worker ran yet.
  await prepareReadModels(infra);
  watchPipeline(infra);
  infra.metrics.listen(config.metricsPort, config.metricsHost);
  serve('query-service', Number(process.env.PORT ?? 3002), config.internalHost, queryApp(infra, config).callback(), infra.close, startedFields(infra));
  warmUp();
};
main().catch(fatal('query-service'));
