import { createHmac, type Hmac, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';

import { type RecordedEvent, RecordedEventSchema, ROLES } from '@erp/contracts';
import type { StoredApiKey, StoredUser, StoredWebhook } from '@erp/http-kit';
import { z } from 'zod';

/**
 * The backup file: gzipped NDJSON. A header line, then the users, the id sequences, the webhooks,
 * the API keys (their SHA-256, never a key) and the event log (each event line as `export`
 * writes it), and last an integrity tag: `{"hmacSha256":"<hex>"}`, HMAC-SHA256 under the backup
 * key (backup-key.ts) of every byte of the lines before it. Version 1 had no webhooks and no
 * tag; a version 2 header without `apiKeys` (written before keys) has none.
 */
export const FORMAT = 'udyam-erp-backup';

const count = z.number().int().nonnegative();
const HeaderV1Schema = z.object({
  format: z.literal(FORMAT),
  formatVersion: z.literal(1),
  appVersion: z.string(),
  createdAt: z.string(),
  users: count,
  idSequences: count,
  events: count,
  /** The highest position among the events (`0` for none). */
  lastPosition: z.string().regex(/^\d+$/),
});
const HeaderSchema = z.discriminatedUnion('formatVersion', [HeaderV1Schema, HeaderV1Schema.extend({ formatVersion: z.literal(2), webhooks: count, apiKeys: count.optional() })]);
/** The header as written today; one read from a version 1 file says 0 webhooks and 0 keys. */
export type BackupHeader = Omit<z.infer<typeof HeaderV1Schema>, 'formatVersion'> & { formatVersion: 1 | 2; webhooks: number; apiKeys: number };

const user = { id: z.number().int().positive(), username: z.string().min(1), passwordHash: z.string().min(1), createdAt: z.string() };
const UserLineSchema = z.object({ user: z.object({ ...user, role: z.enum(ROLES), disabled: z.boolean() }) });
/** Version 1 kept them once roles existed; a file from before has neither, and its users come back as owners. */
const UserV1LineSchema = z.object({ user: z.object({ ...user, role: z.enum(ROLES).optional(), disabled: z.boolean().optional() }) });
const IdLineSchema = z.object({
  idSequence: z.object({ name: z.string().regex(/^[a-z][a-z0-9_]{0,55}$/), lastId: z.number().int().positive() }),
});
const WebhookLineSchema = z.object({
  webhook: z.object({
    id: z.number().int().positive(),
    url: z.string().min(1),
    eventTypes: z.array(z.string()),
    active: z.boolean(),
    secret: z.string().min(1),
    createdAt: z.string().min(1),
  }),
});
const iso = z.string().min(1);
const ApiKeyLineSchema = z.object({
  apiKey: z.object({
    id: z.number().int().positive(),
    name: z.string().min(1),
    role: z.enum(ROLES),
    keyHash: z.string().regex(/^[0-9a-f]{64}$/),
    prefix: z.string(),
    createdAt: iso,
    createdBy: z.string().nullable(),
    expiresAt: iso.nullable(),
    lastUsedAt: iso.nullable(),
    revokedAt: iso.nullable(),
  }),
});
const TagLineSchema = z.object({ hmacSha256: z.string().regex(/^[0-9a-f]{64}$/) });

export const jsonLines = (values: readonly unknown[]) => values.map((v) => `${JSON.stringify(v)}\n`).join('');
export const backupTag = (key: string): Hmac => createHmac('sha256', key);
export const tagLine = (tag: Hmac) => jsonLines([{ hmacSha256: tag.digest('hex') }]);

export interface ReadOptions {
  /** The backup key; null when there is none here (then only a version 1 file can be read). */
  readonly key: string | null;
  /** Read a version 1 file, which has no tag to check. */
  readonly allowUnverifiedV1?: boolean;
}

async function* linesOf(file: string): AsyncGenerator<string> {
  const gunzip = createGunzip();
  // Its errors (a missing file, a bad or cut gzip stream) reach the loop below through gunzip.
  pipeline(createReadStream(file), gunzip).catch(() => undefined);
  gunzip.setEncoding('utf8');
  let rest = '';
  for await (const chunk of gunzip) {
    const lines = (rest + String(chunk)).split('\n');
    rest = lines.pop()!;
    yield* lines;
  }
  if (rest) yield rest;
}

class UnusableBackup extends Error {}

/** The tag a line holds, if it is a tag line. */
const tagIn = (line: string | undefined) => {
  try {
    return TagLineSchema.safeParse(JSON.parse(line ?? 'null')).data;
  } catch {
    return undefined;
  }
};

type Entry = { user: StoredUser } | { idSequence: { name: string; lastId: number } } | { webhook: StoredWebhook } | { apiKey: StoredApiKey } | { event: RecordedEvent };

/** The tag a version 2 file is checked with; version 1 has none, and is read only when asked. */
const tagFor = (file: string, version: 1 | 2, options: ReadOptions): Hmac | null => {
  if (version === 1) {
    if (options.allowUnverifiedV1) return null;
    throw new UnusableBackup(`${file} is a version 1 backup, made before backups carried an integrity check: nothing shows it is as it was written. If you trust it, restore it with --allow-unverified-v1.`);
  }
  if (options.key === null) {
    throw new UnusableBackup(`${file} needs the backup key it was made with: --key-file <that machine's ERP_DATA_DIR/backup.key> or ERP_BACKUP_KEY`);
  }
  return backupTag(options.key);
};

/**
 * Every line of a backup, checked against its schema and the header's counts; the tag is checked
 * at the end, before any other fault is reported (an edited file is refused as edited). Each line
 * is taken when the next one is read: the last one of a tagged file is its tag.
 */
async function* entriesOf(file: string, options: ReadOptions): AsyncGenerator<Entry, BackupHeader> {
  let header: BackupHeader | undefined;
  let tag: Hmac | null = null;
  let lineNo = 0;
  let head = 0n;
  let pending: string | undefined;
  let broken: UnusableBackup | undefined;
  const fail = (why: string) => new UnusableBackup(`${file} is not a usable backup: ${why}`);
  const parse = <T>(schema: z.ZodType<T>, line: string, no: number, what: string): T => {
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch {
      throw fail(`line ${no} is not JSON`);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw fail(`line ${no} is not ${what}: ${z.prettifyError(parsed.error)}`);
    return parsed.data;
  };
  const entry = (h: BackupHeader, line: string, no: number): Entry => {
    const index = no - 2;
    if (index < h.users) return parse(h.formatVersion === 1 ? UserV1LineSchema : UserLineSchema, line, no, 'a user');
    if (index < h.users + h.idSequences) return parse(IdLineSchema, line, no, 'an id sequence');
    if (index < h.users + h.idSequences + h.webhooks) return parse(WebhookLineSchema, line, no, 'a webhook');
    if (index < h.users + h.idSequences + h.webhooks + h.apiKeys) return parse(ApiKeyLineSchema, line, no, 'an API key');
    if (index >= h.users + h.idSequences + h.webhooks + h.apiKeys + h.events) throw fail(`line ${no} is more than the header announces`);
    const event = parse(RecordedEventSchema, line, no, 'an event') as RecordedEvent;
    if (BigInt(event.position) > head) head = BigInt(event.position);
    return { event };
  };
  /** The pending line's entry; under a tag, a faulty one is kept to report after the tag's check. */
  const take = (h: BackupHeader, line: string, no: number): Entry | undefined => {
    tag?.update(`${line}\n`);
    if (broken) return undefined;
    try {
      return entry(h, line, no);
    } catch (error) {
      if (!tag || !(error instanceof UnusableBackup)) throw error;
      broken = error;
      return undefined;
    }
  };
  try {
    for await (const line of linesOf(file)) {
      lineNo++;
      if (!header) {
        header = { webhooks: 0, apiKeys: 0, ...parse(HeaderSchema, line, lineNo, `a ${FORMAT} header`) };
        tag = tagFor(file, header.formatVersion, options);
        tag?.update(`${line}\n`);
        continue;
      }
      const taken = pending === undefined ? undefined : take(header, pending, lineNo - 1);
      if (taken) yield taken;
      pending = line;
    }
    if (header && !tag && pending !== undefined) {
      const taken = take(header, pending, lineNo);
      if (taken) yield taken;
    }
  } catch (error) {
    if (error instanceof UnusableBackup) throw error;
    throw fail(error instanceof Error ? error.message : String(error));
  }
  if (!header) throw fail('it is empty');
  const lines = 1 + header.users + header.idSequences + header.webhooks + header.apiKeys + header.events + (tag ? 1 : 0);
  const truncated = fail(`it has ${lineNo} lines where the header announces ${lines}: it is truncated`);
  if (tag) {
    const given = tagIn(pending);
    if (!given) throw lineNo === lines ? fail('its last line is not an integrity tag') : truncated;
    if (!timingSafeEqual(Buffer.from(given.hmacSha256, 'hex'), tag.digest())) {
      throw fail('its integrity check failed: it was changed after it was written, or made with another key (restore needs the key of the machine that made it)');
    }
  }
  if (broken) throw broken;
  if (lineNo !== lines) throw truncated;
  if (String(head) !== header.lastPosition) throw fail(`its last position is ${head}, the header says ${header.lastPosition}`);
  return header;
}

/** Reads a whole backup and checks it; nothing is written. */
export const checkBackup = async (file: string, options: ReadOptions) => {
  await stat(file).catch(() => {
    throw new Error(`No backup at ${file}`);
  });
  const users: StoredUser[] = [];
  const idSequences: { name: string; lastId: number }[] = [];
  const webhooks: StoredWebhook[] = [];
  const apiKeys: StoredApiKey[] = [];
  const entries = entriesOf(file, options);
  for (;;) {
    const next = await entries.next();
    if (next.done) return { header: next.value, users, idSequences, webhooks, apiKeys };
    const entry = next.value;
    if ('user' in entry) users.push(entry.user);
    if ('idSequence' in entry) idSequences.push(entry.idSequence);
    if ('webhook' in entry) webhooks.push(entry.webhook);
    if ('apiKey' in entry) apiKeys.push(entry.apiKey);
  }
};

/** The events of a backup, checked as `checkBackup` does (a fault, or a failed tag, throws at the end). */
export async function* eventsOf(file: string, options: ReadOptions): AsyncGenerator<RecordedEvent> {
  for await (const entry of entriesOf(file, options)) if ('event' in entry) yield entry.event;
}
