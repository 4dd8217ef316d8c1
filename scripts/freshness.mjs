// Whether a build is older than its sources, by modification times: `npm start` and `npm run erp`
// rebuild only what changed, so a restart with nothing changed starts in seconds.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Newest modification time of the files under `path` (a file or a folder; 0 when missing), specs left out. */
export const newestUnder = (target) => {
  const stat = statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    if (!entry.isDirectory() && /\.spec\.tsx?$/.test(entry.name)) continue;
    newest = Math.max(newest, newestUnder(path.join(target, entry.name)));
  }
  return newest;
};

const workspaces = () => JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).workspaces;
const newestOf = (paths) => Math.max(0, ...paths.map((p) => newestUnder(path.join(root, p))));
const builtAt = (file) => statSync(path.join(root, file), { throwIfNoEntry: false })?.mtimeMs ?? 0;

/** server/dist is older than a server source (every workspace's src but the UI's), the build script or the lock file. */
export const serverIsStale = () =>
  newestOf([...workspaces().filter((w) => w !== 'ui').map((w) => `${w}/src`), 'scripts/build-server.mjs', 'package-lock.json']) >
  builtAt('server/dist/cli.js');

/** ui/dist is older than the UI's sources, the contracts it imports, its config or the lock file. */
export const uiIsStale = () =>
  newestOf(['ui/src', 'ui/public', 'ui/index.html', 'ui/vite.config.ts', 'ui/scripts', 'ui/package.json', 'contracts/src', 'package-lock.json']) >
  builtAt('ui/dist/index.html');
