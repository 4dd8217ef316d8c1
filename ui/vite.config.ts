import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

import { HEADERS } from '../contracts/src/paths';
import { APP_NAME } from './src/lib/brand';
import { POSITION_KEY, STARTED_READS, startupReads } from './src/lib/startup-reads';

/** The keys of the screens declared by name, as the inline script finds them from the path. */
const NAMED: Record<string, string> = { LoginScreen: 'login', HomeScreen: 'home', ModuleRoute: 'module' };

/**
 * Starts, from index.html, the download of the opened screen's code alongside the entry chunk's
 * instead of after it has run: a small inline script maps the page's path to the chunks of its
 * screen and adds a modulepreload link for each. Screens are found in src/app/routes.tsx by
 * their dynamic imports; a screen this cannot map fails the build.
 */
function routePreloads(): Plugin {
  return {
    name: 'route-preloads',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const source = readFileSync(new URL('./src/app/routes.tsx', import.meta.url), 'utf8');
        const screens = new Map<string, string>();
        for (const [, task, name, file] of source.matchAll(/(?:'([a-z0-9-]+\/[a-z0-9-]+)': |const (\w+) = )screen\(\(\) => import\('@\/([^']+)'\)/g)) {
          screens.set(`src/${file}.tsx`, task ?? NAMED[name!] ?? name!);
        }
        const declared = source.match(/screen\(\(\) => import\(/g)?.length ?? 0;
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
        const entry = chunks.find((c) => c.isEntry);
        if (!entry) throw new Error('route-preloads: no entry chunk');
        const loaded = new Set<string>();
        const closure = (file: string, into: Set<string>) => {
          const chunk = bundle[file];
          if (!chunk || chunk.type !== 'chunk' || into.has(file)) return;
          into.add(file);
          for (const imported of chunk.imports) closure(imported, into);
        };
        closure(entry.fileName, loaded);
        const map: Record<string, string[]> = {};
        for (const chunk of chunks) {
          const key = chunk.facadeModuleId && screens.get(chunk.facadeModuleId.replace(/\\/g, '/').replace(/^.*?\/ui\//, ''));
          if (!key) continue;
          const files = new Set<string>();
          closure(chunk.fileName, files);
          map[key] = [...files].filter((file) => !loaded.has(file));
        }
        const mapped = Object.keys(map).length;
        if (mapped !== declared) {
          throw new Error(`route-preloads: mapped ${mapped} of ${declared} screens in routes.tsx`);
        }
        // Home is drawn without the kit and the schemas it builds (HOME below): a home piece
        // importing the kit, or any contract through '@erp/contracts', would quietly undo that.
        const kit = map.home?.find((file) => file.startsWith('assets/kit-') || file.startsWith('assets/contracts-'));
        if (kit) throw new Error(`route-preloads: home loads ${kit}: import from '@erp/contracts/home' or '/shell' there`);
        // The reads of each screen (and of any other page: the session), started with the code:
        // first, so that over HTTP/1.1's six connections they are not queued behind the chunks.
        const reads: Record<string, string[]> = { '': startupReads('') };
        for (const key of [...Object.keys(map), 'module']) reads[key] = startupReads(key);
        const script = `(function(m,r){var p=location.pathname,t=/^\\/module\\/([a-z-]+)\\/task\\/([a-z0-9-]+)$/.exec(p),k=t?t[1]+'/'+t[2]:p==='/'?'home':p==='/login'?'login':/^\\/module\\/[a-z-]+$/.test(p)?'module':'';var h={Accept:'application/json'},s=null,e=window[${JSON.stringify(STARTED_READS)}]={};try{s=sessionStorage.getItem(${JSON.stringify(POSITION_KEY)})}catch(x){}if(s&&/^[1-9][0-9]*$/.test(s))h[${JSON.stringify(HEADERS.minPosition)}]=s;(r[k]||r['']).forEach(function(u){e[u]=fetch(u,{credentials:'include',headers:h})});(m[k]||[]).forEach(function(f){var l=document.createElement('link');l.rel='modulepreload';l.href='/'+f;document.head.appendChild(l)})})(${JSON.stringify(map)},${JSON.stringify(reads)})`;
        return { html, tags: [{ tag: 'script', children: script, injectTo: 'head' }] };
      },
    },
  };
}

/**
 * Fails the build if the entry chunk takes zod or big.js: the shell imports from
 * '@erp/contracts/shell' only, since the rest of the contracts builds schemas when loaded and a
 * phone would do that work before its first paint (it cost 130 ms of blocking time once).
 */
function leanShell(): Plugin {
  return {
    name: 'lean-shell',
    apply: 'build',
    generateBundle(_options, bundle) {
      const entry = Object.values(bundle).find((c) => c.type === 'chunk' && c.isEntry);
      const heavy = entry?.type === 'chunk' ? entry.moduleIds.filter((id) => /node_modules[\\/](zod|big\.js)[\\/]/.test(id)) : [];
      if (heavy.length > 0) {
        throw new Error(`lean-shell: the entry chunk takes ${heavy[0]} (and ${heavy.length - 1} more): import from '@erp/contracts/shell' in the shell`);
      }
    },
  };
}

/**
 * The kit chunk: the shared UI pieces and icons, each entity's reads, documents' helpers (the
 * contracts they import are a chunk of their own), and the few lines of sharing a document's
 * list wires in (two chunks of half a kilobyte each, two more requests on its first load).
 */
const KIT = /node_modules[\\/](big\.js|lucide-react)[\\/]|ui[\\/]src[\\/](lib[\\/]|components[\\/]|features[\\/]documents[\\/]|features[\\/].+\.(resource|queries)\.ts$|features[\\/]share[\\/](share|send-extra|after-save)\.ts$)/;
/** The list chunk: the generic list screen with its search (the inventory report's too). */
const LIST = /ui[\\/]src[\\/]components[\\/](entity-list-screen|card-list|search-box)\.tsx$|node_modules[\\/]@tanstack[\\/](react-)?virtual/;
/** Shared pieces that come after a screen's first render: forms, details, toasts, charts (with Chart.js). */
const LATER = /ui[\\/]src[\\/]components[\\/](entity-form|line-editor|record-|toast|confirm-dialog|chart-card)/;
/** The webhooks' schemas, read by the owner's Webhooks screen alone: a chunk of their own, not in every screen's kit. */
const WEBHOOK_CONTRACTS = /contracts[\\/]src[\\/]integration[\\/]webhooks\.ts$/;
/** The GST returns' builders (GSTR-1, its CSV, the summary and the set-off) and filings with their amendments, read by the GST screens alone. */
const GST_RETURN_CONTRACTS = /contracts[\\/]src[\\/]gst[\\/](gstr1|gstr1-json|gstr1-csv|gstr3b|gstr3b-json|tie-out|returns-schema|set-off|summary|filing|amendments|deadlines)\.ts$/;
/** E-way bill and e-invoice JSON and transport details, read by a GST document's e-documents screen alone. */
const E_DOC_CONTRACTS = /contracts[\\/]src[\\/]gst[\\/](e-invoice|e-way-bill|dispatch)\.ts$/;
/** GSTR-2B's file reading, matching and IMS layout (the server's), out of every screen's kit. */
const GSTR2B_CONTRACTS = /contracts[\\/]src[\\/]gst[\\/](gstr2b|gstr2b-file|gstr2b-match|ims-upload)\.ts$/;
/** The books reports' answers (zod), read by the report screens alone. */
const REPORT_CONTRACTS = /contracts[\\/]src[\\/]books[\\/]report-answers\.ts$/;
/** Bank statements' reading and matching, read by the Bank Reconciliation screen alone. */
const BANK_CONTRACTS = /contracts[\\/]src[\\/]books[\\/]bank-(statement|matching|reconciliation)\.ts$/;
/** Out of the kit (its 42 KB budget), in one chunk beside it. */
const MORE_CONTRACTS = [GST_RETURN_CONTRACTS, BANK_CONTRACTS, REPORT_CONTRACTS, GSTR2B_CONTRACTS];
/** The printed document's PDF layout, shared with the server: drawn on the phone for a document waiting to sync (issue 47), loaded with pdfmake only when a PDF is made. */
const PRINT_LAYOUT = /contracts[\\/]src[\\/]documents[\\/]print-layout\.ts$/;
/** A party's credit (issue 42): the notes', receipts' and refunds' screens alone use it (the notes' form too), so it stays out of every screen's kit. */
const CREDIT = /ui[\\/]src[\\/]features[\\/]documents[\\/](apply-credit|credit-actions|note-config|note-lines|refund-config|settlement-credit)\./;
/** The screens of documents no one pays (issue 45: estimates, orders, challans; their config and screen factory): theirs alone, out of every screen's kit. */
const QUOTES = /ui[\\/]src[\\/]features[\\/]documents[\\/](quote-config|document-screen)\./;
/** The offline app's code (the outbox, the device's series, the kept query cache, what waits on screen): loaded after the first screen. */
const OFFLINE = /ui[\\/]src[\\/](lib[\\/](outbox|outbox-store|offline|device-series|persist-cache)|components[\\/](offline-|waiting-))|node_modules[\\/](idb-keyval|@tanstack[\\/](query-persist-client-core|query-async-storage-persister|react-query-persist-client))[\\/]/;
/**
 * Home's own pieces (its header, strip, cards, the icons and the few contracts it reads): a
 * chunk of their own, so home loads neither the kit nor the schemas every other contract builds
 * when loaded (issue 47: they were a fifth of a cold home's CPU on a slowed phone). Other screens
 * load it beside the kit.
 */
const HOME = /contracts[\\/]src[\\/](home|modules|summary|money)\.ts$|node_modules[\\/]big\.js[\\/]|ui[\\/]src[\\/](features[\\/]home[\\/](home-hero|summary-strip|module-card|home\.queries)\.tsx?|components[\\/](icon|stagger-list)\.tsx|lib[\\/](brand|lakh)\.ts)$/;
/** Of the offline app, what a first screen loads: the query cache kept on the device (the rest, with the kit, once its reads are in). */
const KEPT_CACHE = /ui[\\/]src[\\/]lib[\\/]persist-cache|node_modules[\\/](idb-keyval|@tanstack[\\/](query-persist-client-core|query-async-storage-persister|react-query-persist-client))[\\/]/;
/** Contracts some screens alone read, each group a chunk of its own. */
const APART = [WEBHOOK_CONTRACTS, ...MORE_CONTRACTS, E_DOC_CONTRACTS, PRINT_LAYOUT];
/**
 * The contracts every screen but home reads, a chunk beside the kit. Apart from the kit (its
 * 42 KB budget), and taken before the contracts some screens alone read: the helpers those share
 * with the rest (fields, dates, amounts) had gone into their chunk, which every screen then
 * loaded and whose schemas every screen built (issue 47: 12 KB and a request on a list's first load).
 */
const inContracts = (id: string) => /contracts[\\/]src[\\/]/.test(id) && !APART.some((pattern) => pattern.test(id));
/** Reads of one screen over the contracts apart (GSTR-2B's, the bank's): with that screen, or every screen's kit loads those contracts. */
const OWN_READS = /ui[\\/]src[\\/]features[\\/](gst[\\/]gstr2b|books[\\/]bank-reconciliation[\\/]bank-reconciliation)\.queries\.ts$/;
const inKit = (id: string) => KIT.test(id) && !LIST.test(id) && !LATER.test(id) && !CREDIT.test(id) && !QUOTES.test(id) && !OFFLINE.test(id) && !OWN_READS.test(id);

/**
 * The installable app (issue 47): Workbox's generated service worker precaches the shell and
 * every chunk, so the app opens with no network (any screen's path answers index.html; /api is
 * never cached by it: last-seen data comes from the query cache kept in IndexedDB). Registered
 * by the app's own code once the first screen's reads are in; a new build takes over at once.
 */
const installable = () =>
  VitePWA({
    registerType: 'autoUpdate',
    // Registered by the app once the first screen's reads are in (src/lib/register-worker.ts).
    injectRegister: false,
    includeAssets: ['favicon.svg'],
    manifest: {
      name: APP_NAME,
      short_name: 'Udyam',
      description: 'Manage your business efficiently, online or off',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#1d4ed8',
      background_color: '#ffffff',
      icons: [
        { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any maskable' },
      ],
    },
    workbox: {
      // The fonts too: a PDF made on the phone, offline, is set in them (features/print/device-pdf.ts).
      globPatterns: ['index.html', 'assets/*.{js,css,woff}', '*.{svg,png}'],
      navigateFallback: '/index.html',
      navigateFallbackDenylist: [/^\/api(\/|$)/],
      cleanupOutdatedCaches: true,
    },
  });

/**
 * The contracts' fingerprint: the query cache kept on a device is dropped when it changes (the
 * shapes of the answers it holds may have), and kept across builds that leave them alone.
 */
const contractsVersion = () => {
  const hash = createHash('sha256');
  const dir = fileURLToPath(new URL('../contracts/src', import.meta.url));
  for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts')).sort()) hash.update(file).update(readFileSync(`${dir}/${file}`));
  return hash.digest('hex').slice(0, 12);
};

export default defineConfig({
  define: { 'import.meta.env.VITE_BUILD_VERSION': JSON.stringify(contractsVersion()) },
  plugins: [react(), routePreloads(), leanShell(), installable()],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      { find: /^zod$/, replacement: fileURLToPath(new URL('./src/lib/zod-jitless.ts', import.meta.url)) },
    ],
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        // Few, larger chunks: on a phone over HTTP/1.1 each request costs round trips (six
        // connections at most, each starting slow), so twenty small chunks cost more than their
        // bytes. The first screen loads the shell (everything index.html's script imports), zod,
        // the kit (contracts and the shared pieces every screen uses) and its own chunk; a list
        // screen also the list. Code a screen opens later (forms, details, toasts) stays apart.
        codeSplitting: {
          groups: [
            // A group takes the modules its own import too, unless a group of higher priority
            // has taken them: the list chunk gets what the kit has not.
            { name: 'shell', tags: ['$initial'], priority: 6 },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]|src[\\/]lib[\\/]zod-jitless/, priority: 5 },
            // Before the contracts' groups: money and big.js, which they import too, go with home.
            { name: 'home', test: HOME, priority: 5 },
            { name: 'contracts', test: inContracts, priority: 4 },
            { name: 'webhook-contracts', test: WEBHOOK_CONTRACTS, priority: 3 },
            // The GST returns', reports' and bank statements' contracts: one file, not four.
            { name: 'more-contracts', test: (id: string) => MORE_CONTRACTS.some((pattern) => pattern.test(id)), priority: 3 },
            { name: 'e-document-contracts', test: E_DOC_CONTRACTS, priority: 3 },
            { name: 'print-layout', test: PRINT_LAYOUT, priority: 3 },
            { name: 'kit', test: inKit, priority: 2 },
            { name: 'list', test: LIST, priority: 1 },
            { name: 'kept-cache', test: KEPT_CACHE, priority: 1 },
            { name: 'offline', test: OFFLINE, priority: 1 },
            { name: 'forms', test: /node_modules[\\/](react-hook-form|@hookform)[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
});
