// `npm run audit`: no high or critical advisory in the production dependencies
// (`npm audit --omit=dev`). It needs the npm registry's audit endpoint; when that cannot be
// reached it fails and says so, rather than passing unchecked. Not a step of `npm test`: the
// registry mirror of the development and CI machines answers the audit endpoint 405.
import { spawnSync } from 'node:child_process';

const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8' });
let report;
try {
  report = JSON.parse(run.stdout);
} catch {
  report = null;
}
const counts = report?.metadata?.vulnerabilities;
if (!counts) {
  const why = report?.error?.summary || report?.message || run.stderr.trim().split('\n').pop() || `npm audit exited ${run.status}`;
  console.error(`audit: could not get an answer from the npm audit endpoint: ${why}`);
  process.exit(1);
}
const serious = Object.values(report.vulnerabilities ?? {}).filter((v) => v.severity === 'high' || v.severity === 'critical');
for (const v of serious) {
  const titles = v.via.filter((via) => typeof via === 'object').map((via) => `${via.title} (${via.url})`);
  console.error(`audit: ${v.severity} in ${v.name} ${v.range}: ${titles.join('; ') || `via ${v.via.join(', ')}`}`);
  console.error(`       fix: ${v.fixAvailable ? 'npm audit fix, or upgrade the package that pulls it in' : 'no fixed version yet'}`);
}
console.log(`audit: production dependencies: ${counts.critical} critical, ${counts.high} high, ${counts.moderate} moderate, ${counts.low} low`);
process.exit(serious.length > 0 ? 1 : 0);
