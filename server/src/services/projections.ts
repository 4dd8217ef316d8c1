import { config } from '../config';
import { openInfrastructure, startedFields, startIntegration, startProjections, watchPipeline } from '../system';
import { requireServices } from './require-services';
import { fatal, serve } from './serve';

/**
 * Services mode: a projection worker. Several may run; each projection has one leader.
 * With METRICS_PORT it listens there for /metrics only.
 */
const main = async () => {
  requireServices(config, 'projections');
  const infra = await openInfrastructure(config);
  const runner = await startProjections(infra);
  const integration = await startIntegration(infra, config);
  watchPipeline(infra);
  const cleanup = async () => {
    await integration.stop();
    await runner.stop();
    await infra.close();
  };
  serve('projections', config.metricsPort, config.metricsHost, infra.metrics.serveMetrics(), cleanup, startedFields(infra));
};
main().catch(fatal('projections'));
