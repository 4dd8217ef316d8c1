// `npm test`: type check, lint, OpenAPI lint, unit + integration tests (real PostgreSQL and NATS), then the
// browser suite against the app started the README way. Any failing step fails the run, and so
// does a skipped test under CI=true (a missing service must never pass quietly).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const VITEST_JSON = 'test-results/vitest.json';
const PLAYWRIGHT_JSON = 'test-results/playwright.json';

const steps = [
  ['type check', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']],
  ['lint', 'npx', ['eslint', '.']],
  // The OpenAPI document as tools read it: Redocly's recommended rules and Spectral's spectral:oas, no error and no warning.
  ['openapi lint (redocly, spectral)', 'node', ['scripts/openapi-lint.mjs']],
  ['unit + integration (vitest)', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${VITEST_JSON}`]],
  ['browser (playwright)', 'npm', ['run', 'test:e2e']],
];

const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null);

/** Passed, failed and skipped test counts of both runners. */
const counts = () => {
  const v = readJson(VITEST_JSON);
  const p = readJson(PLAYWRIGHT_JSON);
  return {
    passed: (v?.numPassedTests ?? 0) + (p?.stats?.expected ?? 0) + (p?.stats?.flaky ?? 0),
    failed: (v?.numFailedTests ?? 0) + (p?.stats?.unexpected ?? 0),
    skipped: (v?.numPendingTests ?? 0) + (v?.numTodoTests ?? 0) + (p?.stats?.skipped ?? 0),
  };
};

const only = process.argv[2];
rmSync(VITEST_JSON, { force: true });
rmSync(PLAYWRIGHT_JSON, { force: true });
mkdirSync('test-results', { recursive: true });
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
const { passed, failed, skipped } = counts();
const ci = ['1', 'true', 'yes'].includes(String(process.env.CI).toLowerCase());
const notRun = only ? 0 : steps.length - results.length;
if (ci && skipped > 0) process.stdout.write(`FAIL ${skipped} skipped test(s): under CI nothing may be skipped\n`);
process.stdout.write(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
const ok = results.every((r) => r.ok) && notRun === 0 && failed === 0 && !(ci && skipped > 0);
process.exit(ok ? 0 : 1);
