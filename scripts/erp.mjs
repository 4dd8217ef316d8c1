// `npm run erp -- <command>`: the operator CLI from built JavaScript (server/dist/cli.js), so a
// command starts in under a second instead of compiling TypeScript first (15–58 s a command on a
// busy machine). server/dist is built again first only when a server source is newer than it.
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import { root, serverIsStale } from './freshness.mjs';

const built = path.join(root, 'server/dist/cli.js');
if (serverIsStale()) {
  process.stderr.write('building server/dist (a source is newer than it)…\n');
  const { buildServer } = await import('./build-server.mjs');
  await buildServer();
}
process.setSourceMapsEnabled(true);
await import(pathToFileURL(built).href);
