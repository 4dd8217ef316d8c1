import { chmod, mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';

import type { Logger } from 'pino';

import type { BackupHeader } from './backup-file';

const NAME = /^erp-backup-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})Z\.ndjson\.gz$/;
const HOUR_MS = 3_600_000;
/** setTimeout's longest delay (about 24.8 days). */
const MAX_DELAY_MS = 2 ** 31 - 1;

/** `erp-backup-2026-03-01T02-30-00Z.ndjson.gz`: names sort in time order. */
export const backupFileName = (at: Date) => `erp-backup-${at.toISOString().slice(0, 19).replace(/:/g, '-')}Z.ndjson.gz`;

/** When a backup of ours was made, from its name; null for any other file. */
export const backupTime = (name: string): number | null => {
  const m = NAME.exec(name);
  return m ? Date.parse(`${m[1]}T${m[2]}:${m[3]}:${m[4]}Z`) : null;
};

/** The backups to delete so that only the newest `keep` remain; other files are left alone. */
export const backupsToDelete = (names: readonly string[], keep: number): string[] => {
  const ours = names.filter((n) => backupTime(n) !== null).sort();
  return ours.slice(0, Math.max(0, ours.length - keep));
};

export interface BackupSchedule {
  readonly dir: string;
  readonly keep: number;
  /** 0 turns the schedule off. */
  readonly everyHours: number;
  readonly backup: (file: string) => Promise<BackupHeader>;
  readonly log: Logger;
}

/**
 * Daily backups of the running app: one at start unless one was made within the period, then one
 * each period after the last; the newest `keep` are kept. Temp files a crash left are removed at
 * start. The folder is its owner's only (0700), and so is each backup (0600; ones an older version
 * wrote 0644 are made so at start): they hold password hashes and webhook secrets. The timer does
 * not keep the process alive.
 */
export const scheduleBackups = (schedule: BackupSchedule) => {
  const { dir, keep, everyHours, log } = schedule;
  if (everyHours <= 0) return { stop: () => undefined };
  const every = everyHours * HOUR_MS;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const makeOne = async () => {
    const file = path.join(dir, backupFileName(new Date()));
    const started = Date.now();
    const header = await schedule.backup(file);
    log.info({ file, events: header.events, users: header.users, ms: Date.now() - started }, 'backup written');
    for (const old of backupsToDelete(await readdir(dir), keep)) {
      await rm(path.join(dir, old), { force: true });
      log.info({ file: path.join(dir, old) }, 'old backup deleted');
    }
  };

  const runWhenDue = async () => {
    let next = every;
    try {
      const last = Math.max(0, ...(await readdir(dir)).map((n) => backupTime(n) ?? 0));
      if (Date.now() - last >= every) await makeOne();
      else next = last + every - Date.now();
    } catch (error) {
      log.error({ err: error, dir }, 'backup failed; trying again in an hour');
      next = Math.min(every, HOUR_MS);
    }
    if (stopped) return;
    timer = setTimeout(() => void runWhenDue(), Math.min(next, MAX_DELAY_MS)).unref();
    log.info({ dir, due: new Date(Date.now() + next).toISOString() }, 'next backup scheduled');
  };

  void (async () => {
    // A folder or file we may not chmod (another owner's, a share's) still takes backups: said, not fatal.
    const makePrivate = (file: string, mode: number) => chmod(file, mode).catch((error: unknown) => log.warn({ err: error, file }, 'backups: could not make this private'));
    await mkdir(dir, { recursive: true, mode: 0o700 });
    await makePrivate(dir, 0o700);
    for (const name of await readdir(dir)) {
      if (name.startsWith('erp-backup-') && name.endsWith('.tmp')) await rm(path.join(dir, name), { force: true });
      if (backupTime(name) !== null) await makePrivate(path.join(dir, name), 0o600);
    }
    await runWhenDue();
  })().catch((error: unknown) => log.error({ err: error, dir }, 'backups are off: the backup directory is not usable'));

  return {
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
  };
};
