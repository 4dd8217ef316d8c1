import { config } from '../config';
import { staticApp } from '../web';
import { fatal, serve } from './serve';

/** Services mode behind HAProxy (deploy/haproxy.cfg): the built SPA alone (PORT, default 3000). */
const main = async () => {
  serve('ui', config.port, config.internalHost, staticApp(config.uiDir), async () => undefined);
};
main().catch(fatal('ui'));
