import path from 'node:path';

import { ROLES } from '@erp/contracts';
import { postgresIdAllocator, START } from '@erp/eventstore';
import { z } from 'zod';
import { findProjection, prepareProjections, PROJECTIONS, readCheckpoints, rebuildProjections } from '@erp/projections';

import { writeBackup, restoreBackup } from './backup';
import { backupFileName } from './backup-schedule';
import { config } from './config';
import { logger } from './log';
import { exportLog, exportToFile, importFromFile } from './operations';
import { openInfrastructure } from './system';

const USAGE = `Usage: npm run erp -- <command>
  projections                 list projections with their checkpoint
  rebuild <name|--all>        rebuild a projection from position 0 and swap it in (app keeps serving)
  export [file]               write the event log as NDJSON (stdout when no file)
  import <file>               load an NDJSON export into an empty store, then rebuild projections
  backup [file]               write users, id counters and the event log to one gzipped file
                              (default ./erp-backup-<date-time>.ndjson.gz)
  restore <file>              load a backup into an empty store, then rebuild projections
  create-user <username>      create a user; password from ERP_NEW_PASSWORD, role from ERP_NEW_ROLE
                              (owner, staff, accountant or viewer; default owner)
  setup-code                  while no account exists: make a new one-time setup code and print it
Uses DATABASE_URL when set, else the embedded PostgreSQL under ERP_DATA_DIR (default ./data).`;

const say = (line: string) => process.stderr.write(`${line}\n`);

const main = async (args: string[]) => {
  const [command, arg] = args;
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
        const header = await writeBackup(infra, file);
        say(`backed up ${header.events} events (up to position ${header.lastPosition}) and ${header.users} users to ${file}`);
        return 0;
      }
      case 'restore': {
        if (!arg) throw new Error('restore needs a backup file');
        const header = await restoreBackup(infra, path.resolve(arg));
        await rebuildProjections(db, infra.store, PROJECTIONS);
        say(`restored ${header.events} events and ${header.users} users from a backup of ${header.createdAt}; rebuilt ${PROJECTIONS.length} projections`);
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

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    say(`error: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
