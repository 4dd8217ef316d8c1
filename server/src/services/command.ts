import { config } from '../config';
import { commandApp, openInfrastructure } from '../system';
import { requireServices } from './require-services';
import { fatal, serve } from './serve';

/** Services mode: the command service alone (PORT, default 3001). Run as many as you like. */
const main = async () => {
  requireServices(config, 'command-service');
  const infra = await openInfrastructure(config);
  serve('command-service', Number(process.env.PORT ?? 3001), config.host, commandApp(infra, config).callback(), infra.close);
};
main().catch(fatal('command-service'));
