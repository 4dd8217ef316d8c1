import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { REPO_ROOT } from './testing/processes';

/**
 * Issue 41: `npm run erp` ran the CLI through tsx, compiling TypeScript on every command (15–58 s
 * on a busy machine). It now runs scripts/erp.mjs: the built server/dist/cli.js, built again
 * first only when a server source is newer. Tried here on a copy of the script in a repository
 * of its own, whose build and CLI say what they did.
 */

const FAKE_BUILD = `import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const buildServer = async () => {
  mkdirSync(path.join(root, 'server/dist'), { recursive: true });
  writeFileSync(path.join(root, 'server/dist/cli.js'), "process.stderr.write('rebuilt cli: ' + process.argv.slice(2).join(' '))");
  appendFileSync(path.join(root, 'builds.log'), 'built\\n');
};
`;
const OLD_CLI = "process.stderr.write('old cli: ' + process.argv.slice(2).join(' '))";

describe('npm run erp', () => {
  let repo: string;
  const file = (name: string) => path.join(repo, name);
  const write = (name: string, text: string, secondsAgo: number) => {
    mkdirSync(path.dirname(file(name)), { recursive: true });
    writeFileSync(file(name), text);
    const at = new Date(Date.now() - secondsAgo * 1000);
    utimesSync(file(name), at, at);
  };
  const erp = (...args: string[]) => {
    const run = spawnSync(process.execPath, [file('scripts/erp.mjs'), ...args], { cwd: os.tmpdir(), encoding: 'utf8' });
    let builds = 0;
    try {
      builds = readFileSync(file('builds.log'), 'utf8').split('\n').filter(Boolean).length;
    } catch {
      // Never built.
    }
    return { code: run.status, output: run.stderr, builds };
  };

  beforeEach(() => {
    repo = mkdtempSync(path.join(os.tmpdir(), 'erp-script-'));
    mkdirSync(file('scripts'));
    copyFileSync(path.join(REPO_ROOT, 'scripts/erp.mjs'), file('scripts/erp.mjs'));
    copyFileSync(path.join(REPO_ROOT, 'scripts/freshness.mjs'), file('scripts/freshness.mjs'));
    write('package.json', JSON.stringify({ workspaces: ['contracts', 'server', 'ui'] }), 100);
    write('scripts/build-server.mjs', FAKE_BUILD, 100);
    write('contracts/src/api.ts', 'export {};', 100);
    write('server/src/cli.ts', 'export {};', 100);
    write('server/dist/cli.js', OLD_CLI, 50);
  });
  afterEach(() => rmSync(repo, { recursive: true, force: true }));

  it('is the script, not tsx', () => {
    const { scripts } = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(scripts.erp).toBe('node scripts/erp.mjs');
  });

  it('runs the built CLI with its arguments, building nothing, when the build is newer than every source', () => {
    expect(erp('rebuild', '--all')).toEqual({ code: 0, output: 'old cli: rebuild --all', builds: 0 });
  });

  it('builds first when a source of any server workspace, or the build script, is newer', () => {
    write('contracts/src/deep/new.ts', 'export {};', 10);
    expect(erp('help')).toMatchObject({ code: 0, output: expect.stringMatching(/rebuilt cli: help$/), builds: 1 });
    expect(erp('help')).toMatchObject({ output: 'rebuilt cli: help', builds: 1 });
    write('scripts/build-server.mjs', FAKE_BUILD, 0);
    expect(erp('help')).toMatchObject({ output: expect.stringMatching(/rebuilt cli: help$/), builds: 2 });
  });

  it('builds when nothing is built yet', () => {
    rmSync(file('server/dist'), { recursive: true });
    expect(erp('projections')).toMatchObject({ code: 0, output: expect.stringMatching(/rebuilt cli: projections$/), builds: 1 });
  });

  it('does not build for a newer test or UI source, which are not in server/dist', () => {
    write('server/src/cli.int.spec.ts', 'export {};', 10);
    write('ui/src/App.tsx', 'export {};', 10);
    expect(erp('help')).toEqual({ code: 0, output: 'old cli: help', builds: 0 });
  });

  it('npm start builds the UI only when a UI source or the contracts it imports are newer than ui/dist', async () => {
    const { scripts } = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(scripts.start).toBe('node scripts/start.mjs');
    write('ui/src/App.tsx', 'export {};', 100);
    write('ui/dist/index.html', '<html></html>', 50);
    const fresh = async () => (await import(`${pathToFileURL(file('scripts/freshness.mjs')).href}?at=${Math.random()}`)) as { uiIsStale: () => boolean; serverIsStale: () => boolean };
    expect((await fresh()).uiIsStale()).toBe(false);
    expect((await fresh()).serverIsStale()).toBe(false);
    write('contracts/src/api.ts', 'export const changed = 1;', 10);
    expect((await fresh()).uiIsStale()).toBe(true);
    expect((await fresh()).serverIsStale()).toBe(true);
    write('ui/dist/index.html', '<html></html>', 0);
    write('server/dist/cli.js', OLD_CLI, 0);
    write('ui/src/screens/new.tsx', 'export {};', -5);
    expect((await fresh()).uiIsStale()).toBe(true);
    expect((await fresh()).serverIsStale()).toBe(false);
  });
});
