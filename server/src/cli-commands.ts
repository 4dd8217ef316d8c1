import path from 'node:path';

import { ROLES } from '@erp/contracts';
import { postgresIdAllocator, START } from '@erp/eventstore';
import { z } from 'zod';
import { findProjection, prepareProjections, PROJECTIONS, readCheckpoints, rebuildProjections } from '@erp/projections';

import { writeBackup, restoreBackup } from './backup';
import { type BackupKeySource, keyForReading, keyForWriting } from './backup-key';
import { backupFileName } from './backup-schedule';
import { config } from './config';
import { logger } from './log';
import { exportLog, exportToFile, importFromFile } from './operations';
import { openInfrastructure } from './system';
import { USAGE } from './cli-usage';


const say = (line: string) => process.stderr.write(`${line}\n`);

/** `--key-file <file>` and `--allow-unverified-v1` (backup and restore only) taken out of the arguments. */
const backupOptions = (args: string[]) => {
  const rest: string[] = [];
  let keyFile: string | undefined;
  let allowUnverifiedV1 = false;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--allow-unverified-v1') allowUnverifiedV1 = true;
    else if (args[i] === '--key-file') {
      keyFile = args[++i];
      if (!keyFile) throw new Error('--key-file needs a file');
    } else rest.push(args[i]!);
  }
  const command = rest[0];
  if (keyFile && command !== 'backup' && command !== 'restore') throw new Error('--key-file is for backup and restore');
  if (allowUnverifiedV1 && command !== 'restore') throw new Error('--allow-unverified-v1 is for restore');
  if ((command === 'backup' || command === 'restore') && rest.length > 2) throw new Error(`${command} takes one file, not also '${rest[2]}'`);
  const keys: BackupKeySource = { keyFile: keyFile && path.resolve(keyFile), envKey: config.backupKey, defaultFile: config.backupKeyFile };
  return { rest, keys, allowUnverifiedV1 };
};

/** The operator's command, run against the store (`cli.ts` answers `help` without loading any of this). */
export const main = async (args: string[]) => {
  const { rest, keys, allowUnverifiedV1 } = backupOptions(args);
  const [command, arg] = rest;
  if (!command || command === 'help' || command === '--help') {
    say(USAGE);
    return 0;
  }
  const infra = await openInfrastructure({ ...config, natsUrl: config.natsUrl });
  const { db } = infra.database;
  try {
    await prepareProjections(db, infra.store, PROJECTIONS, logger);
    switch (command) {
      case 'projections':
        for (const c of await readCheckpoints(db)) say(`${c.name}\tv${c.version}\tposition ${c.cursor.position}`);
        return 0;
      case 'rebuild': {
        const targets = arg === '--all' ? PROJECTIONS : [findProjection(arg ?? '')].filter((p) => p !== undefined);
        if (targets.length === 0) throw new Error(`Unknown projection '${arg}'. Known: ${PROJECTIONS.map((p) => p.name).join(', ')}`);
        const started = Date.now();
        const result = await rebuildProjections(db, infra.store, targets, { log: logger });
        const ms = Date.now() - started;
        const names = targets.map((p) => p.name).join(', ');
        // Only their types' events were read; the rate is the log's, as an operator sizes a rebuild.
        const logged = await infra.store.countAfter(START, 2 ** 31 - 1);
        say(`rebuilt ${names}: ${result.applied} events of ${targets.length === 1 ? 'its' : 'their'} types up to position ${result.position}, the log ${logged} events, in ${ms} ms (${Math.round((logged / Math.max(ms, 1)) * 1000)} events/s of the log)`);
        return 0;
      }
      case 'export': {
        const count = arg ? await exportToFile(infra.store, arg) : (await exportLog(infra.store, process.stdout)).count;
        say(`exported ${count} events`);
        return 0;
      }
      case 'import': {
        if (!arg) throw new Error('import needs a file');
        const count = await importFromFile(infra, postgresIdAllocator(db), arg);
        await rebuildProjections(db, infra.store, PROJECTIONS, { log: logger });
        say(`imported ${count} events and rebuilt ${PROJECTIONS.length} projections`);
        return 0;
      }
      case 'backup': {
        const file = path.resolve(arg ?? backupFileName(new Date()));
        const header = await writeBackup(infra, file, await keyForWriting(keys));
        say(`backed up ${header.events} events (up to position ${header.lastPosition}), ${header.users} users, ${header.webhooks} webhooks and ${header.apiKeys} API keys to ${file}`);
        return 0;
      }
      case 'restore': {
        if (!arg) throw new Error('restore needs a backup file');
        const restored = await restoreBackup(infra, path.resolve(arg), { key: await keyForReading(keys), allowUnverifiedV1 });
        await rebuildProjections(db, infra.store, PROJECTIONS);
        say(`restored ${restored.header.events} events, ${restored.users} users, ${restored.webhooks} webhooks and ${restored.apiKeys} API keys from a backup of ${restored.header.createdAt}; rebuilt ${PROJECTIONS.length} projections`);
        return 0;
      }
      case 'create-user': {
        const password = process.env.ERP_NEW_PASSWORD;
        if (!arg || !password || password.length < 8) throw new Error('create-user <username> with ERP_NEW_PASSWORD (8+ characters)');
        // An operator's account is the owner's unless ERP_NEW_ROLE says otherwise: it is how an owner who is locked out gets back in.
        const role = z.enum(ROLES, { error: `ERP_NEW_ROLE is one of ${ROLES.join(', ')}` }).parse(process.env.ERP_NEW_ROLE ?? 'owner');
        const user = await infra.auth.createUser(arg, password, role);
        if (!user) throw new Error(`User '${arg}' already exists`);
        say(`created user ${user.username} (id ${user.id}, ${user.role})`);
        return 0;
      }
      case 'setup-code': {
        const code = await infra.auth.setupCode(undefined, true);
        if (code === null || code === 'kept') throw new Error('An account exists already: sign in, there is no setup to do');
        say(`setup code: ${code.code} (enter it on the setup screen to create the first account; it replaces any earlier code)`);
        return 0;
      }
      default:
        say(USAGE);
        return 2;
    }
  } finally {
    await infra.close();
  }
};
