import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { type TestDatabase, testDatabase } from '@erp/eventstore/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import { checkBackup } from './backup-file';
import { backupFileName, backupTime } from './backup-schedule';
import { fileMode } from './testing/backup-history';
import { eventually } from './testing/http-client';
import { type RunningSystem, startOneProcess } from './testing/run-modes';

/** The daily backups of the running app (`npm start`), on a real database, as child processes. */

describe('daily backups', () => {
  let database: TestDatabase;
  let workDir: string;
  let app: RunningSystem | undefined;

  beforeAll(async () => {
    database = await testDatabase();
    workDir = await mkdtemp(path.join(os.tmpdir(), 'erp-daily-'));
  });
  afterAll(async () => {
    await app?.stop();
    await database?.drop();
    if (workDir) await rm(workDir, { recursive: true, force: true });
  }, 60_000);

  it('one at start when none is recent (0600, in a 0700 folder, tagged with the key under ERP_DATA_DIR), keeping the newest ERP_BACKUP_KEEP', async () => {
    const dir = path.join(workDir, 'daily');
    const dataDir = path.join(workDir, 'data');
    const old = [3, 2].map((days) => backupFileName(new Date(Date.now() - days * 86_400_000)));
    await mkdir(dir, { recursive: true, mode: 0o755 });
    for (const name of [...old, `${old[0]}.123.tmp`, 'notes.txt']) await writeFile(path.join(dir, name), 'old', { mode: 0o644 });
    const env = { ERP_BACKUP_DIR: dir, ERP_BACKUP_EVERY_HOURS: '24', ERP_BACKUP_KEEP: '2', LOG_LEVEL: 'info', ERP_DATA_DIR: dataDir };
    app = await startOneProcess(database.url, env);
    const files = await eventually(
      async () => (await readdir(dir)).sort(),
      (names) => names.length === 3 && !names.includes(old[0]!),
      { what: 'a new backup and the oldest one deleted' },
    );
    const made = files.find((f) => f !== old[1] && f !== 'notes.txt')!;
    expect(files).toEqual(expect.arrayContaining([old[1], 'notes.txt']));
    expect(made).toMatch(/^erp-backup-.*Z\.ndjson\.gz$/);
    const key = (await readFile(path.join(dataDir, 'backup.key'), 'utf8')).trim();
    expect((await checkBackup(path.join(dir, made), { key })).header).toMatchObject({ formatVersion: 2, events: 0, users: 0, webhooks: 0 });
    expect(app.logs()).toContain('backup written');
    // The folder, the key and every backup (an older one too) are private; other files are left alone.
    const modes = [dir, path.join(dataDir, 'backup.key'), path.join(dir, made), path.join(dir, old[1]!), path.join(dir, 'notes.txt')];
    expect(await Promise.all(modes.map(fileMode))).toEqual([0o700, 0o600, 0o600, 0o600, 0o644]);

    // Started again within the day: no backup now, the next one a day after the last.
    await app.stop();
    app = await startOneProcess(database.url, env);
    const started = app;
    const line = await eventually(
      async () => started.logs().split('\n').find((l) => l.includes('next backup scheduled')),
      (found) => found !== undefined,
      { what: 'the schedule logged' },
    );
    const due = Date.parse(z.object({ due: z.string() }).parse(JSON.parse(line!.slice(line!.indexOf('{')))).due);
    expect(Math.abs(due - (backupTime(made)! + 86_400_000))).toBeLessThan(5_000);
    expect((await readdir(dir)).sort()).toEqual(files);
  });
});
