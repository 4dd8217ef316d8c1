// `npm run openapi:lint`: writes the OpenAPI document (scripts/openapi.ts) and lints it with
// Redocly's recommended rules (redocly.yaml) and Spectral's `spectral:oas` ruleset (.spectral.yaml).
// Both pass a file with warnings; this fails on any error or warning of either (or an entry in
// Redocly's ignore file), and prints them.
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
const redoclyOk = errors + warnings + ignored === 0 && lint.status === 0;

// Spectral: severity 0 error, 1 warning, 2 information, 3 hint.
const spectral = run(['spectral', 'lint', FILE, '--ruleset', '.spectral.yaml', '--format', 'json', '--quiet', '--fail-severity', 'warn']);
let results;
try {
  results = JSON.parse(spectral.stdout || '[]');
} catch {
  process.stderr.write(`spectral lint gave no report (exit ${spectral.status}):\n${spectral.stdout}\n${spectral.stderr}\n`);
  process.exit(1);
}
const NAMES = ['error', 'warning', 'info', 'hint'];
for (const r of results) process.stdout.write(`${NAMES[r.severity]} ${r.code} ${r.path.join('.')}: ${r.message}\n`);
const count = (severity) => results.filter((r) => r.severity === severity).length;
process.stdout.write(`spectral lint (spectral:oas): ${count(0)} errors, ${count(1)} warnings, ${count(2)} infos, ${count(3)} hints\n`);
const spectralOk = count(0) + count(1) === 0 && (spectral.status === 0 || results.length > 0);
process.exit(redoclyOk && spectralOk ? 0 : 1);
