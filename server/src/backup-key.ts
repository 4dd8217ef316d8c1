import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { errorCode } from '@erp/contracts';

/**
 * The key of the backups' integrity tag (HMAC-SHA256). It is kept outside the backups folder:
 * whoever can change a copy of the backups cannot make a tag that passes. Its text is the key, so
 * `openssl dgst -sha256 -hmac "$(cat backup.key)"` over a backup's lines but the last gives its tag.
 */

/** ERP_BACKUP_KEY and a key file hold at least this many characters (the file made here: 64 hex digits, 256 bits). */
export const MIN_BACKUP_KEY_LENGTH = 32;

export interface BackupKeySource {
  /** `--key-file` of the CLI. */
  readonly keyFile?: string;
  /** ERP_BACKUP_KEY. */
  readonly envKey?: string;
  /** `<ERP_DATA_DIR>/backup.key`. */
  readonly defaultFile: string;
}

const isMissing = (error: unknown) => errorCode(error) === 'ENOENT';

const readKey = async (file: string) => {
  const key = (await readFile(file, 'utf8')).trim();
  if (key.length < MIN_BACKUP_KEY_LENGTH) throw new Error(`${file} does not hold a backup key (${MIN_BACKUP_KEY_LENGTH} characters or more)`);
  return key;
};

/**
 * The key in `file`, made there first (a new random key, readable by its owner only) when there is
 * none. It is linked in whole: a process that comes at the same time reads the one linked first.
 */
const keyMadeIfMissing = async (file: string) => {
  try {
    return await readKey(file);
  } catch (error) {
    if (!isMissing(error)) throw error;
  }
  await mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  try {
    await writeFile(temp, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
    await link(temp, file).catch((error: unknown) => {
      if (errorCode(error) !== 'EEXIST') throw error;
    });
  } finally {
    await rm(temp, { force: true });
  }
  return readKey(file);
};

/** The key backups are written with: `--key-file`, else ERP_BACKUP_KEY, else `<ERP_DATA_DIR>/backup.key` (made on first use). */
export const keyForWriting = async (source: BackupKeySource): Promise<string> =>
  source.keyFile ? keyMadeIfMissing(source.keyFile) : (source.envKey ?? keyMadeIfMissing(source.defaultFile));

/** The key a backup is checked with, from the same places; none is made (null: there is no key here). */
export const keyForReading = async (source: BackupKeySource): Promise<string | null> => {
  if (source.keyFile) {
    return readKey(source.keyFile).catch((error: unknown) => {
      throw isMissing(error) ? new Error(`No backup key file at ${source.keyFile}`) : error;
    });
  }
  if (source.envKey) return source.envKey;
  return readKey(source.defaultFile).catch((error: unknown) => {
    if (isMissing(error)) return null;
    throw error;
  });
};
