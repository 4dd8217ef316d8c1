import { createReadStream, createWriteStream } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip, gzipSync } from 'node:zlib';

import { postgresIdAllocator, readIdFloors } from '@erp/eventstore';
import { authStore, webhookStore } from '@erp/http-kit';

import serverPackage from '../package.json' with { type: 'json' };
import { type BackupHeader, backupTag, checkBackup, eventsOf, FORMAT, jsonLines, type ReadOptions, tagLine } from './backup-file';
import { migrateIntegrationCheckpoints, placeIntegrationCheckpoint } from './integration/checkpoint';
import { WEBHOOK_CHECKPOINT } from './integration/webhooks';
import { exportLog, inOneTransaction, loadEvents } from './operations';
import type { Infrastructure } from './system';

/**
 * A backup (the format is in backup-file.ts) keeps the users with their roles and flags, the id
 * sequences, the webhooks with their secrets, the API keys' hashes and the event log. Read models are not kept: a
 * restore rebuilds them. Sessions, login failures, Idempotency-Key answers and webhook deliveries
 * are dropped: a retried POST is still caught by its deterministic event ids, which the log keeps.
 * It holds password hashes and webhook secrets: the file is its owner's only (0600).
 */

/**
 * Writes a backup of everything committed when it starts. The events go first into a gzip
 * member of their own (their count is known only at the end), then the file is the header
 * member, that one and the tag's, synced and renamed: a crash never leaves half a backup under `file`.
 */
export const writeBackup = async (infra: Infrastructure, file: string, key: string): Promise<BackupHeader> => {
  const eventsPart = `${file}.${process.pid}.events.tmp`;
  const whole = `${file}.${process.pid}.tmp`;
  try {
    const end = await infra.store.endCursor();
    const gzip = createGzip();
    const written = pipeline(gzip, createWriteStream(eventsPart, { mode: 0o600 }));
    const exported = await exportLog(infra.store, gzip, end);
    gzip.end();
    await written;
    // Read after the events: the sequences are at or above every id the events use.
    const users = await infra.auth.storedUsers();
    const idSequences = await readIdFloors(infra.database.db);
    const webhooks = await webhookStore(infra.database.db).stored();
    const apiKeys = await infra.auth.storedApiKeys();
    const header: BackupHeader = {
      format: FORMAT,
      formatVersion: 2,
      appVersion: serverPackage.version,
      createdAt: new Date().toISOString(),
      users: users.length,
      idSequences: idSequences.length,
      webhooks: webhooks.length,
      apiKeys: apiKeys.length,
      events: exported.count,
      lastPosition: exported.head,
    };
    const start = jsonLines([header, ...users.map((user) => ({ user })), ...idSequences.map((idSequence) => ({ idSequence })), ...webhooks.map((webhook) => ({ webhook })), ...apiKeys.map((apiKey) => ({ apiKey }))]);
    // The tag covers the lines in file order: the events' are read back from their part after the start's.
    const tag = backupTag(key).update(start);
    await pipeline(createReadStream(eventsPart), createGunzip(), async (lines: AsyncIterable<Buffer>) => {
      for await (const chunk of lines) tag.update(chunk);
    });
    const out = await open(whole, 'w', 0o600);
    try {
      await out.chmod(0o600);
      await out.write(gzipSync(start));
      for await (const chunk of createReadStream(eventsPart)) await out.write(chunk as Buffer);
      await out.write(gzipSync(tagLine(tag)));
      await out.sync();
    } finally {
      await out.close();
    }
    await rename(whole, file);
    return header;
  } finally {
    await rm(eventsPart, { force: true });
    await rm(whole, { force: true });
  }
};

/**
 * Loads a backup into an EMPTY store: the file is read and checked to its end first (its tag
 * too), so a damaged or edited one changes nothing. Users, webhooks and events go in one
 * transaction, read and checked again as they load, so one the database refuses halfway (or a
 * crash, or a file changed since the check) leaves the store empty for another try. The id
 * floors are raised after it (sequences are not transactional; a floor raised for nothing only
 * skips numbers). The read models are left to rebuild.
 */
export const restoreBackup = async (infra: Infrastructure, file: string, options: ReadOptions) => {
  const { header, users, idSequences, webhooks, apiKeys } = await checkBackup(file, options);
  const ids = postgresIdAllocator(infra.database.db);
  let notEmpty: string | null = null;
  await inOneTransaction(infra.database, infra.notifier, async (store, trx) => {
    const auth = authStore(trx);
    const hooks = webhookStore(trx);
    notEmpty = (await store.headPosition()) !== '0' ? 'events' : (await auth.hasUsers()) ? 'users' : (await hooks.list()).length > 0 ? 'webhooks' : null;
    if (notEmpty) throw new Error(`Restore needs an empty store; this one has ${notEmpty}. Restore into a new ERP_DATA_DIR or an empty DATABASE_URL.`);
    await auth.restoreUsers(users);
    await hooks.restore(webhooks);
    await auth.restoreApiKeys(apiKeys);
    await loadEvents(store, ids, eventsOf(file, options));
    // Deliveries are not kept: the fan-out goes on after the restored events, not through them all again.
    await migrateIntegrationCheckpoints(trx);
    await placeIntegrationCheckpoint(trx, WEBHOOK_CHECKPOINT, await store.endCursor());
  }).catch((error: unknown) => {
    if (notEmpty) throw error;
    throw new Error(`The database refused the backup, so nothing of it was written: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  });
  for (const { name, lastId } of idSequences) await ids.atLeast(name, lastId);
  return { header, users: users.length, webhooks: webhooks.length, apiKeys: apiKeys.length };
};
