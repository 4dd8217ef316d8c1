// `npm test`: type check, unit + integration tests (real PostgreSQL and NATS), then the browser
// suite against the app started the README way. Any failing or skipped step fails the run.
import { spawnSync } from 'node:child_process';

const steps = [
  ['type check', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']],
  ['lint', 'npx', ['eslint', '.']],
  ['unit + integration (vitest)', 'npx', ['vitest', 'run']],
  ['browser (playwright)', 'npm', ['run', 'test:e2e']],
];

const only = process.argv[2];
const results = [];
for (const [name, command, args] of steps) {
  if (only && !name.startsWith(only)) continue;
  process.stdout.write(`\n=== ${name} ===\n`);
  const started = Date.now();
  const { status } = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  results.push({ name, ok: status === 0, seconds: Math.round((Date.now() - started) / 1000) });
  if (status !== 0) break;
}
process.stdout.write('\n');
for (const r of results) process.stdout.write(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.seconds} s)\n`);
const failed = results.filter((r) => !r.ok).length + (steps.length - results.length) * (only ? 0 : 1);
process.exit(failed === 0 ? 0 : 1);
