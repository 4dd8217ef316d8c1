import { config } from '../config';
import { proxyTo } from '../gateway';
import { dispatch, staticApp } from '../web';
import { fatal, serve } from './serve';

/** Services mode: one origin for the browser — GET to the query service, writes to commands. */
const main = async () => {
  const handler = dispatch(proxyTo(config.queryUrl, config.trustProxy), proxyTo(config.commandUrl, config.trustProxy), staticApp(config.uiDir));
  serve('gateway', config.port, config.host, handler, async () => undefined, { command: config.commandUrl, query: config.queryUrl }, true);
};
main().catch(fatal('gateway'));
