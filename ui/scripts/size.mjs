// Prints the gzipped size of the first-load JS: the entry script and the chunks index.html
// preloads. Route chunks load later, on navigation, and are listed separately.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const firstLoad = [
  ...html.matchAll(/<script[^>]+src="\/([^"]+\.js)"/g),
  ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+\.js)"/g),
].map((match) => match[1]);

const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

let total = 0;
console.log('\nFirst-load JS (gzip):');
for (const file of firstLoad) {
  const size = gz(file);
  total += size;
  console.log(`  ${file.padEnd(48)} ${kb(size).padStart(10)}`);
}
console.log(`  ${'total'.padEnd(48)} ${kb(total).padStart(10)}`);

const lazy = readdirSync(join(dist, 'assets'))
  .filter((name) => name.endsWith('.js') && !firstLoad.includes(`assets/${name}`))
  .map((name) => ({ name, size: gz(`assets/${name}`) }))
  .sort((a, b) => b.size - a.size);
console.log('\nRoute chunks, loaded on demand (gzip):');
for (const { name, size } of lazy) console.log(`  ${name.padEnd(48)} ${kb(size).padStart(10)}`);
