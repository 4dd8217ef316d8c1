import { config } from '../config';
import { announceSetupCode, commandApp, openInfrastructure, startedFields, warmUp } from '../system';
import { requireServices } from './require-services';
import { fatal, serve } from './serve';

/** Services mode: the command service alone (PORT, default 3001). Run as many as you like. */
const main = async () => {
  requireServices(config, 'command-service');
  const infra = await openInfrastructure(config);
  infra.metrics.watchPipeline(infra.notifier);
  // Only a proxy reaches the command service (the gateway or HAProxy): trust the one hop it adds
  // to X-Forwarded-For.
  const app = commandApp(infra, { ...config, trustProxy: true });
  infra.metrics.listen(config.metricsPort, config.metricsHost);
  await announceSetupCode(infra, config);
  serve('command-service', Number(process.env.PORT ?? 3001), config.internalHost, app.callback(), infra.close, startedFields(infra));
  warmUp();
};
main().catch(fatal('command-service'));
