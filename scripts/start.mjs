// `npm start`: build the UI and the server only when a source is newer than the build, then run
// the one-process server. A restart with nothing changed skips both builds.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';

import { root, serverIsStale, uiIsStale } from './freshness.mjs';

if (uiIsStale()) {
  process.stderr.write('building the UI (a source is newer than ui/dist)…\n');
  const built = spawnSync('npm', ['run', 'build', '-w', '@erp/ui'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
if (serverIsStale()) {
  process.stderr.write('building server/dist (a source is newer than it)…\n');
  const { buildServer } = await import('./build-server.mjs');
  await buildServer();
}

const server = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'server/dist/embedded.js')], {
  cwd: process.cwd(),
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 : 1)));
