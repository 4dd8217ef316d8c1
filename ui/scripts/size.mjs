// Prints the gzipped JS each first screen loads (the entry, plus the chunks index.html's script
// preloads for that screen's path) and every chunk's size, and fails the build over budget: the
// entry at most 120 KB (zod and the schemas stay out of it: see leanShell in vite.config.ts), any
// other chunk at most 42 KB (issue 11 said 30; the kit grew past it with GST's contracts, which
// every screen loads anyway, and one more request costs a phone more than the bytes; the GST
// returns' builders, read by one screen, have a chunk of their own: vite.config.ts. Refunds'
// contracts split off took the kit to 31.5 KB but every first screen loaded a 7th file and 3.6 KB
// more, as the kit imports them; kept in the kit at 40.3 KB).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET = { entry: 120 * 1024, chunk: 42 * 1024 };
/**
 * Chunks no first screen loads, with their own budget: the charts (Chart.js), fetched when home's
 * are scrolled to or a report has drawn its figures; pdfmake, fetched when a PDF is made on the
 * phone (a document waiting to sync, or any while offline: issue 47), and kept by the service worker.
 */
const LATER = { 'chart-card': 70 * 1024, pdfmake: 360 * 1024 };
const budgetOf = (file) => LATER[Object.keys(LATER).find((name) => file.startsWith(`assets/${name}-`))] ?? BUDGET.chunk;
const SCREENS = ['home', 'purchase/vendors', 'purchase/invoices', 'inventory/inventory', 'login'];

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const entry = [...html.matchAll(/<script[^>]+src="\/([^"]+\.js)"/g)].map((match) => match[1]);
// The inline script's first argument: screen key → the files it preloads.
const preloads = JSON.parse(/\}\)\((\{.*?\}),\{/.exec(html)?.[1] ?? '{}');

const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const sum = (files) => files.reduce((total, file) => total + gz(file), 0);

console.log('\nFirst load by screen (gzip):     files      total');
for (const screen of SCREENS) {
  const files = [...entry, ...(preloads[screen] ?? [])];
  console.log(`  ${screen.padEnd(28)} ${String(files.length).padStart(7)} ${kb(sum(files)).padStart(10)}`);
}

const chunks = readdirSync(join(dist, 'assets'))
  .filter((name) => name.endsWith('.js'))
  .map((name) => ({ file: `assets/${name}`, size: gz(`assets/${name}`) }))
  .sort((a, b) => b.size - a.size);
console.log('\nChunks (gzip):');
const over = [];
for (const { file, size } of chunks) {
  const isEntry = entry.includes(file);
  if (size > (isEntry ? BUDGET.entry : budgetOf(file))) over.push(file);
  console.log(`  ${file.slice('assets/'.length).padEnd(48)} ${kb(size).padStart(10)}${isEntry ? '  entry' : ''}`);
}
if (over.length > 0) {
  console.error(`\nOver budget (entry ${kb(BUDGET.entry)}, other chunks ${kb(BUDGET.chunk)}): ${over.join(', ')}`);
  process.exit(1);
}
