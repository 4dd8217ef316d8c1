// `npm run erp -- <command>`: the operator CLI. `help` answers from here alone; any other command
// loads the store, the projections and the contracts (cli-commands.ts) first.
import { USAGE } from './cli-usage';

const say = (line: string) => process.stderr.write(`${line}\n`);
const args = process.argv.slice(2);

if (args.length === 0 || args[0] === 'help' || args[0] === '--help') {
  say(USAGE);
  process.exit(0);
}

const { main } = await import('./cli-commands');
main(args).then(
  (code) => process.exit(code),
  (error: unknown) => {
    say(`error: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
