// `npm run bench -- phone` (and `npm run bench`): the app on a cheap phone (issue 47 item 4).
// Chromium at 360×740 with its CPU slowed 4× (Emulation.setCPUThrottlingRate) and a 150 ms RTT,
// 1.5 Mbps link (Network.emulateNetworkConditions), against the built app on a fresh database
// holding 1,000 sales invoices: Home and the sales invoice list to usable, cold (a browser with
// nothing kept: no HTTP cache, service worker or stored queries) and warm (the same visit again);
// New Invoice open; a save acknowledged on screen. Median of 5. Run `npm run build` first.
// BENCH_PHONE_BASE_UI=<another build's ui/dist> measures that build too, on the same data, each run
// alternating which goes first: on a loaded machine two benches run apart compare the load, not the builds.
import { customersEntity, HEADERS, salesInvoices } from '@erp/contracts';
import { testDatabase } from '@erp/eventstore/testing';
import { type Browser, type CDPSession, chromium, type Page } from '@playwright/test';

import { CHROMIUM, CHROMIUM_FLAGS as FLAGS, ownerHeaders, startBuiltApp } from './bench-app';

const RUNS = Number(process.env.BENCH_PHONE_RUNS ?? 5);
const INVOICES = Number(process.env.BENCH_PHONE_RECORDS ?? 1000);
// Seeding is slow on a busy machine: BENCH_PHONE_RECORDS=100 tries the script quickly.
const CUSTOMERS = 40;
const PHONE = { viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
/** 150 ms round trip, 1.5 Mbps each way (bytes per second for CDP). */
const LINK = { offline: false, latency: 150, downloadThroughput: (1.5 * 1024 * 1024) / 8, uploadThroughput: (1.5 * 1024 * 1024) / 8 };
const GOALS = { homeCold: 2500, homeWarm: 1000, listCold: 2500, listWarm: 1000, newInvoice: 1000, saveAck: 1000 };
const LIST = `/module/sales/task/${salesInvoices.plural}`;
const BASE_UI = process.env.BENCH_PHONE_BASE_UI;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const startServer = (databaseUrl: string, uiDir?: string) => startBuiltApp(databaseUrl, 'phone', 180, uiDir);

/** The owner, 40 customers and 1,000 sales invoices of one to three lines, over HTTP. */
const seed = async (baseUrl: string) => {
  const headers = await ownerHeaders(baseUrl);
  const { cookie } = headers;
  const post = async (url: string, body: unknown): Promise<{ id: number; position: string }> => {
    for (let attempt = 0; ; attempt++) {
      const res = await fetch(`${baseUrl}${url}`, { method: 'POST', headers, body: JSON.stringify(body) });
      // Eight writers take the numbers of one series: a race lost is said as a 409, tried again.
      if (res.status === 409 && attempt < 20) continue;
      if (res.status !== 201) throw new Error(`seed ${url}: ${res.status} ${await res.text()}`);
      return { id: ((await res.json()) as { id: number }).id, position: res.headers.get(HEADERS.eventPosition) ?? '0' };
    }
  };
  const customers: number[] = [];
  for (let i = 0; i < CUSTOMERS; i++) customers.push((await post(customersEntity.path, { name: `Customer ${String(i + 1).padStart(2, '0')} Traders`, phone: `98220${String(i).padStart(5, '0')}`, paymentTerms: 'Net 30' })).id);
  let next = 0;
  let position = '0';
  await Promise.all(Array.from({ length: 8 }, async () => {
    for (let i = next++; i < INVOICES; i = next++) {
      const lines = Array.from({ length: 1 + (i % 3) }, (_, l) => ({ itemName: `Item ${(i + l) % 50}`, quantity: String(1 + (l % 4)), rate: `${100 + ((i * 7 + l) % 900)}.50` }));
      const at = (await post(salesInvoices.path, { customerId: customers[i % CUSTOMERS], lines })).position;
      if (BigInt(at) > BigInt(position)) position = at;
    }
  }));
  await fetch(`${baseUrl}${salesInvoices.path}?limit=1`, { headers: { cookie, [HEADERS.minPosition]: position } });
  return cookie;
};

/** A phone: a fresh context (nothing kept), its page slowed. */
const phone = async (browser: Browser, baseUrl: string, cookie: string) => {
  const context = await browser.newContext(PHONE);
  const [name, value] = cookie.split('=');
  await context.addCookies([{ name: name!, value: value!, url: baseUrl }]);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', LINK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return { context, page, cdp };
};

interface Traffic { requests: number; api: number; bytes: number }

/** Counts, from now until the returned function is called, the page's requests (API reads apart) and the bytes they moved (compressed, as sent). */
const countTraffic = (cdp: CDPSession) => {
  const bytes = new Map<string, number>();
  let api = 0;
  const sent = (event: { requestId: string; request: { url: string } }) => {
    if (new URL(event.request.url).pathname.startsWith('/api/')) api++;
    bytes.set(event.requestId, 0);
  };
  const finished = (event: { requestId: string; encodedDataLength: number }) => bytes.set(event.requestId, event.encodedDataLength);
  cdp.on('Network.requestWillBeSent', sent);
  cdp.on('Network.loadingFinished', finished);
  return (): Traffic => {
    cdp.off('Network.requestWillBeSent', sent);
    cdp.off('Network.loadingFinished', finished);
    return { requests: bytes.size, api, bytes: [...bytes.values()].reduce((a, b) => a + b, 0) };
  };
};

/** Home is usable when its modules are listed and its figures are in (no '…' busy strip): the time, or false. */
const homeUsable = () =>
  document.querySelectorAll('a[href^="/module/"]').length > 0 && document.querySelector('[aria-busy="true"]') === null ? performance.now() : false;
/** A list is usable when its cards are there with their parties' names (none '…' or 'Unknown'). */
const listUsable = () => {
  const cards = [...document.querySelectorAll('main article')].slice(0, 5);
  return cards.length > 0 && cards.every((card) => !/Unknown|…/.test(card.textContent ?? '')) ? performance.now() : false;
};
/** The New Invoice form is usable when its customers are listed and it can be saved. */
const formUsable = () => {
  const label = [...document.querySelectorAll('label')].find((l) => (l.textContent ?? '').trim().startsWith('Customer'));
  const select = label ? document.getElementById(label.htmlFor) : null;
  const tapAt = (window as unknown as { tapAt: number }).tapAt;
  return select instanceof HTMLSelectElement && select.options.length > 2 && document.querySelector('button[type=submit]') ? performance.now() - tapAt : false;
};
/** The save is acknowledged when its toast is on screen. */
const saved = () => {
  const tapAt = (window as unknown as { tapAt: number }).tapAt;
  return [...document.querySelectorAll('[role=region] li')].some((t) => /Success|Saved on this device/.test(t.textContent ?? '')) ? performance.now() - tapAt : false;
};

/** From the navigation's start (the page's time origin) to the frame the page is usable. */
const visit = async (page: Page, url: string, usable: () => number | false) => {
  await page.goto(url, { waitUntil: 'commit' });
  const handle = await page.waitForFunction(usable, undefined, { polling: 'raf', timeout: 60_000 });
  return Math.round(Number(await handle.jsonValue()));
};

/** From a tap (in the page) to the frame where `ready` holds. */
const tapTo = async (page: Page, tap: () => Promise<void>, ready: () => number | false) => {
  await page.evaluate(() => {
    const w = window as unknown as { tapAt: number };
    document.addEventListener('click', () => { w.tapAt = performance.now(); }, { capture: true, once: true });
  });
  await tap();
  const handle = await page.waitForFunction(ready, undefined, { polling: 'raf', timeout: 60_000 });
  return Math.round(Number(await handle.jsonValue()));
};

/** Waits for the service worker to control the page, as a second visit would find it. */
const installed = (page: Page) => page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));

const oneRun = async (browser: Browser, baseUrl: string, cookie: string, run: number) => {
  const home = await phone(browser, baseUrl, cookie);
  const homeTraffic = countTraffic(home.cdp);
  const homeCold = await visit(home.page, `${baseUrl}/`, homeUsable);
  const homeColdTraffic = homeTraffic();
  await installed(home.page);
  await home.page.waitForLoadState('networkidle').catch(() => undefined);
  const homeWarm = await visit(home.page, `${baseUrl}/`, homeUsable);
  await home.context.close();

  const list = await phone(browser, baseUrl, cookie);
  const { page } = list;
  const listTraffic = countTraffic(list.cdp);
  const listCold = await visit(page, `${baseUrl}${LIST}`, listUsable);
  const listColdTraffic = listTraffic();
  await installed(page);
  await page.waitForLoadState('networkidle').catch(() => undefined);
  const listWarm = await visit(page, `${baseUrl}${LIST}`, listUsable);
  const newInvoice = await tapTo(page, () => page.getByRole('button', { name: 'New Invoice' }).click(), formUsable);
  await page.getByLabel('Customer').selectOption({ index: 1 + (run % CUSTOMERS) });
  const line = page.getByRole('group', { name: 'Line 1' });
  await line.getByLabel('Item Name').fill(`Bench item ${run}`);
  await line.getByLabel('Rate').fill('250.75');
  await line.getByRole('button', { name: 'Save Line' }).click();
  const saveAck = await tapTo(page, () => page.getByRole('button', { name: 'Create Invoice' }).click(), saved);
  await list.context.close();
  return { homeCold, homeWarm, listCold, listWarm, newInvoice, saveAck, homeColdTraffic, listColdTraffic };
};

type Run = Awaited<ReturnType<typeof oneRun>>;

const report = (title: string, runs: Run[]) => {
  console.log(`\n${title}, 360×740, CPU 4× slower, 150 ms RTT / 1.5 Mbps (median of ${runs.length}; each run in ms):`);
  for (const [key, label] of [
    ['homeCold', 'Home to usable, cold'],
    ['homeWarm', 'Home to usable, warm'],
    ['listCold', `sales invoices (${INVOICES}) to usable, cold`],
    ['listWarm', `sales invoices (${INVOICES}) to usable, warm`],
    ['newInvoice', 'New Invoice open (tap → customers listed)'],
    ['saveAck', 'save acknowledged on screen (tap → toast)'],
  ] as const) {
    const xs = runs.map((r) => r[key]);
    const m = median(xs);
    console.log(`  ${label.padEnd(44)} ${String(m).padStart(6)} ms  goal < ${GOALS[key]} ms  ${m < GOALS[key] ? 'met' : 'MISSED'}  (${xs.join(', ')})`);
  }
  // What does not move with the machine's load: what a cold visit asks for before it is usable.
  for (const [key, label] of [['homeColdTraffic', 'Home, cold'], ['listColdTraffic', 'sales invoices, cold']] as const) {
    const { requests, api, bytes } = runs.map((r) => r[key]).sort((a, b) => a.bytes - b.bytes)[Math.floor(runs.length / 2)]!;
    console.log(`  ${label} until usable: ${requests} requests (${api} API reads), ${(bytes / 1024).toFixed(1)} KB over the link`);
  }
};

export const benchPhone = async () => {
  const database = await testDatabase();
  let server = await startServer(database.url);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
  try {
    const started = Date.now();
    const cookie = await seed(server.baseUrl);
    console.log(`\nPhone bench: seeded ${CUSTOMERS} customers and ${INVOICES} sales invoices over HTTP in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    const builds = BASE_UI ? [{ title: `Phone, base (${BASE_UI})`, uiDir: BASE_UI, runs: [] as Run[] }, { title: 'Phone, this build', uiDir: undefined, runs: [] as Run[] }] : [{ title: 'Phone', uiDir: undefined, runs: [] as Run[] }];
    for (let i = 0; i < RUNS; i++) {
      for (const build of i % 2 === 0 ? builds : [...builds].reverse()) {
        if (builds.length > 1) {
          await server.stop();
          server = await startServer(database.url, build.uiDir);
        }
        build.runs.push(await oneRun(browser, server.baseUrl, cookie, i));
      }
    }
    for (const build of builds) report(build.title, build.runs);
  } finally {
    await browser.close();
    await server.stop();
    await database.drop();
  }
};
