// `npm run erp -- <command>`: the operator CLI from built JavaScript (server/dist/cli.js), so a
// command starts in under a second instead of compiling TypeScript first (15–58 s a command on a
// busy machine). server/dist is built again first only when a server source is newer than it.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const built = path.join(root, 'server/dist/cli.js');

/** Newest modification time of the files under `dir` (0 when it is missing), tests left out. */
const newestUnder = (dir) => {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  let newest = 0;
  for (const entry of entries) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestUnder(file));
    else if (!/\.spec\.tsx?$/.test(entry.name)) newest = Math.max(newest, statSync(file).mtimeMs);
  }
  return newest;
};

/** The sources bundled into server/dist: every workspace's src but the UI's, and the build script. */
const newestSource = () => {
  const { workspaces } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const dirs = workspaces.filter((w) => w !== 'ui').map((w) => path.join(root, w, 'src'));
  return Math.max(statSync(path.join(root, 'scripts/build-server.mjs')).mtimeMs, ...dirs.map(newestUnder));
};

const builtAt = statSync(built, { throwIfNoEntry: false })?.mtimeMs ?? 0;
if (newestSource() > builtAt) {
  process.stderr.write('building server/dist (a source is newer than it)…\n');
  const { buildServer } = await import('./build-server.mjs');
  await buildServer();
}
process.setSourceMapsEnabled(true);
await import(pathToFileURL(built).href);
