import os from 'node:os';
import path from 'node:path';

import { defineConfig } from 'vitest/config';

const exclude = ['**/node_modules/**', '**/dist/**', 'ui/e2e/**'];

// Each integration file may start its own embedded PostgreSQL (~50 MB) or nats-server, and each
// fork is a Node process of its own: a few at a time keeps a small machine responsive.
const maxWorkers = Math.max(1, Math.min(4, os.availableParallelism()));

export default defineConfig({
  // The UI's own modules import each other as `@/…` (ui/vite.config.ts): the same here for its specs.
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'ui/src') } },
  test: {
    // The files are chosen per project below (the projects extend this config, and arrays
    // such as `include` would be merged, not replaced).
    pool: 'forks',
    maxWorkers,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          isolate: false,
          include: ['**/src/**/*.spec.ts'],
          exclude: [...exclude, '**/*.int.spec.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['**/src/**/*.int.spec.ts'],
          // The product is started from built JavaScript, as `npm start` runs it.
          globalSetup: ['scripts/build-server.mjs'],
          exclude,
        },
      },
    ],
  },
});
