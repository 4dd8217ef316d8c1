import { config } from '../config';
import { commandApp, openInfrastructure } from '../system';
import { requireServices } from './require-services';
import { fatal, serve } from './serve';

/** Services mode: the command service alone (PORT, default 3001). Run as many as you like. */
const main = async () => {
  requireServices(config, 'command-service');
  const infra = await openInfrastructure(config);
  // Only a proxy reaches the command service (the gateway or HAProxy): trust the one hop it adds
  // to X-Forwarded-For.
  const app = commandApp(infra, { ...config, trustProxy: true });
  serve('command-service', Number(process.env.PORT ?? 3001), config.host, app.callback(), infra.close);
};
main().catch(fatal('command-service'));
