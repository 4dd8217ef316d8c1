// `npm run openapi:lint`: writes the OpenAPI document (scripts/openapi.ts) and lints it with
// Redocly's recommended rules (redocly.yaml). Redocly passes a file with warnings; this fails on
// any problem at all, error, warning or an entry in an ignore file, and prints them.
import { spawnSync } from 'node:child_process';

const FILE = 'test-results/openapi.json';
const run = (args, options = {}) => spawnSync('npx', args, { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, ...options });

const written = run(['tsx', 'scripts/openapi.ts', FILE], { stdio: 'inherit' });
if (written.status !== 0) process.exit(1);
const lint = run(['redocly', 'lint', FILE, '--format', 'json', '--max-problems', '10000']);
let report;
try {
  report = JSON.parse(lint.stdout);
} catch {
  process.stderr.write(`redocly lint gave no report (exit ${lint.status}):\n${lint.stdout}\n${lint.stderr}\n`);
  process.exit(1);
}
const { errors, warnings, ignored } = report.totals;
for (const p of report.problems) {
  const where = p.location?.[0]?.pointer ?? '';
  process.stdout.write(`${p.severity} ${p.ruleId} ${where}: ${p.message}\n`);
}
process.stdout.write(`redocly lint (recommended, ${report.version}): ${errors} errors, ${warnings} warnings, ${ignored} ignored\n`);
process.exit(errors + warnings + ignored === 0 && lint.status === 0 ? 0 : 1);
