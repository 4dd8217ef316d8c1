import { config } from '../config';
import { openInfrastructure, startProjections } from '../system';
import { requireServices } from './require-services';
import { fatal, serve } from './serve';

/** Services mode: a projection worker. Several may run; each projection has one leader. */
const main = async () => {
  requireServices(config, 'projections');
  const infra = await openInfrastructure(config);
  const runner = await startProjections(infra);
  serve('projections', 0, config.host, null, async () => {
    await runner.stop();
    await infra.close();
  });
};
main().catch(fatal('projections'));
