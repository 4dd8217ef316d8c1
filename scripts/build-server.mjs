// `npm run build:server`: the server entry points as plain JavaScript (server/dist), so `npm
// start` and the services run built code instead of compiling TypeScript at start-up. Our
// workspace packages (@erp/*), zod and kysely are bundled in; every other package stays an import
// from node_modules, as installed.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { build } from 'esbuild';

/**
 * Bundled in as well: pure-JavaScript packages of many small modules, which Node would otherwise
 * find and read one file at a time at every start (kysely alone took 0.2–0.6 s of a restart).
 */
const BUNDLED = /^(@erp\/|zod(\/|$)|kysely(\/|$))/;

const external = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (BUNDLED.test(args.path) ? undefined : { path: args.path, external: true }));
  },
};

/** Writes server/dist; about 0.2 s. */
export const buildServer = () =>
  build({
  entryPoints: {
    embedded: 'server/src/embedded.ts',
    cli: 'server/src/cli.ts',
    'services/command': 'server/src/services/command.ts',
    'services/query': 'server/src/services/query.ts',
    'services/projections': 'server/src/services/projections.ts',
    'services/gateway': 'server/src/services/gateway.ts',
    'services/ui': 'server/src/services/ui.ts',
  },
  outdir: 'server/dist',
  // From the repository, wherever it is run from (`npm run erp` builds through here).
  absWorkingDir: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'),
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  plugins: [external],
  logLevel: 'warning',
});

if (import.meta.url === `file://${process.argv[1]}`) await buildServer();

/** vitest global setup: build once before the integration files start the product. */
export default async () => {
  await buildServer();
};
