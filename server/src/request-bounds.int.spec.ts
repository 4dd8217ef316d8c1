import {
  api,
  BANK_RECONCILIATION_PATHS,
  BOOKS_PATHS,
  BUSINESS_PATH,
  CASH_IN_HAND_PATH,
  customersEntity,
  dueToRepeatPath,
  GST_DEADLINES_PATH,
  GST_FILING_PATHS,
  GSTR2B_PATHS,
  INVOICE_DOCUMENTS,
  JOURNAL_VOUCHERS_PATH,
  LOCKS_PATH,
  MASTER_DATA_ENTITIES,
  MATCH_WINDOW_MAX,
  OPENING_BALANCES_PATH,
  PAGE_LIMIT_MAX,
  PAYROLL_PATHS,
  PAYROLL_YEARS,
  REFUND_DOCUMENTS,
  SETTLEMENT_DOCUMENTS,
  STOCK_PATH,
  STOCK_VALUATION_PATH,
  WEBHOOK_DELIVERIES_LIMIT,
} from '@erp/contracts';
import { beforeAll, describe, expect, it } from 'vitest';

import { type Answer, HttpClient } from './testing/http-client';
import { productRoutes } from './testing/routes';
import { signedInOneProcess } from './testing/signed-in-system';

/** What the README documents ("What the server bounds"), restated here rather than read from the code. */
const FIRST_YEAR = 1900;
const LAST_YEAR = 2999;
const MAX_PERIOD_YEARS = 10;
const ACTIVITY_LIMIT = 200;
const EVENTS_LIMIT = 1000;
const SEARCH_CHARS = 200;

/** As many worst requests at once as took the pool down in the issue. */
const AT_ONCE = 6;
/** Another client's simple read while they run: a busy 2-core machine answers it in far less (the issue's freeze: 3.7 s a call). */
const PROBE_MS = 2000;

/** The longest accepted period, at the end of the accepted years, and the first day too early for it. */
const LAST_DAY = `${LAST_YEAR}-12-31`;
const LONGEST = `from=${LAST_YEAR - MAX_PERIOD_YEARS + 1}-01-01&to=${LAST_DAY}`;
const ONE_DAY_LONGER = `from=${LAST_YEAR - MAX_PERIOD_YEARS}-12-31&to=${LAST_DAY}`;

interface Bounded {
  /** The most costly requests the route accepts. */
  readonly worst: readonly string[];
  /** Requests just beyond a bound, and the parameter each 400 must name. */
  readonly beyond: readonly (readonly [url: string, parameter: string])[];
  /** Routes only the owner may read (the activity log, the event feed); the rest are fired by a viewer. */
  readonly owner?: boolean;
}

const period = (path: string): Bounded => ({
  worst: [`${path}?${LONGEST}`],
  beyond: [[`${path}?${ONE_DAY_LONGER}`, 'from'], [`${path}?from=0001-01-01&to=9999-12-31`, 'from'], [`${path}?to=${LAST_YEAR + 1}-01-01`, 'to']],
});
const asOf = (path: string, extra = ''): Bounded => ({
  worst: [`${path}?asOf=${LAST_DAY}${extra}`],
  beyond: [[`${path}?asOf=${LAST_YEAR + 1}-01-01${extra}`, 'asOf'], [`${path}?asOf=${FIRST_YEAR - 1}-12-31${extra}`, 'asOf']],
});
/** The last financial year of the accepted years, and a report of it with the year before beside it (issue 43). */
const LAST_FY = `${LAST_YEAR - 1}-${String(LAST_YEAR % 100).padStart(2, '0')}`;
const yearly = (path: string, bounded: Bounded): Bounded => ({
  worst: [...bounded.worst.map((url) => `${url}&compare=previous-year`), `${path}?fy=${LAST_FY}&compare=previous-year`],
  beyond: [...bounded.beyond, [`${path}?compare=yes`, 'compare'], [`${path}?fy=${LAST_YEAR}-00`, 'fy'], [`${path}?fy=2025-26&to=2026-03-31`, 'fy']],
});
const exported = (path: string): Bounded => {
  const b = period(path);
  return { worst: [...b.worst, `${b.worst[0]}&format=pdf`, `${path}?fy=${LAST_FY}&format=pdf`], beyond: [...b.beyond, [`${path}?format=xlsx`, 'format']] };
};
/** What is due to repeat in a month (kinds that `repeats`): paged like a list, the month required. */
const dueList = (path: string): Bounded => ({
  worst: [`${path}?month=${LAST_YEAR}-12&limit=${PAGE_LIMIT_MAX}&q=${'a'.repeat(SEARCH_CHARS)}`, `${path}?month=${LAST_YEAR}-12&limit=${PAGE_LIMIT_MAX}`],
  beyond: [
    [`${path}?month=${LAST_YEAR}-12&limit=${PAGE_LIMIT_MAX + 1}`, 'limit'],
    [path, 'month'],
    [`${path}?month=${LAST_YEAR + 1}-01`, 'month'],
    [`${path}?month=${LAST_YEAR}-12&changedSince=0`, 'changedSince'],
  ],
});
const list = (path: string): Bounded => ({
  worst: [`${path}?limit=${PAGE_LIMIT_MAX}&q=${'a'.repeat(SEARCH_CHARS)}`, `${path}?limit=${PAGE_LIMIT_MAX}`, `${path}?changedSince=0`, `${path}?changedSince=0&limit=${PAGE_LIMIT_MAX}`],
  beyond: [[`${path}?limit=${PAGE_LIMIT_MAX + 1}`, 'limit']],
});

/** A return period's route (GSTR-2B): the last month of the accepted years, and the month after. */
const returnPeriod = (path: (period: string) => string): Bounded => ({
  worst: [path(`${LAST_YEAR}-12`)],
  beyond: [[path(`${LAST_YEAR + 1}-01`), 'period'], [path('0001-01'), 'period']],
});

/** Stands for the customer the test makes (its id is the system's to give). */
const CUSTOMER = '{customer}';
/** Stands for the (paused) webhook the test makes. */
const WEBHOOK = '{webhook}';
const webhookDeliveries = `${api.webhooks}/${WEBHOOK}/deliveries`;
/** The oldest page a pager can ask for: after the highest delivery id the cursor can hold. */
const FARTHEST_AFTER = Buffer.from(`d${Number.MAX_SAFE_INTEGER}`).toString('base64url');

/** Every GET whose cost grows with a parameter (issue 41 item 3's inventory), by route pattern. */
const BOUNDED: Readonly<Record<string, Bounded>> = {
  [BOOKS_PATHS.profitAndLoss]: yearly(BOOKS_PATHS.profitAndLoss, period(BOOKS_PATHS.profitAndLoss)),
  [BOOKS_PATHS.gstSummary]: period(BOOKS_PATHS.gstSummary),
  [BOOKS_PATHS.salesRegister]: period(BOOKS_PATHS.salesRegister),
  [BOOKS_PATHS.purchaseRegister]: period(BOOKS_PATHS.purchaseRegister),
  [BOOKS_PATHS.dayBook]: period(BOOKS_PATHS.dayBook),
  [BOOKS_PATHS.ledger(':account')]: period(BOOKS_PATHS.ledger('cash')),
  [BOOKS_PATHS.statement(':party')]: period(BOOKS_PATHS.statement(`customer-${CUSTOMER}`)),
  [`${BOOKS_PATHS.statement(':party')}/pdf`]: period(`${BOOKS_PATHS.statement(`customer-${CUSTOMER}`)}/pdf`),
  [BOOKS_PATHS.trialBalance]: yearly(BOOKS_PATHS.trialBalance, asOf(BOOKS_PATHS.trialBalance)),
  [BOOKS_PATHS.accounts]: asOf(BOOKS_PATHS.accounts),
  [BOOKS_PATHS.balanceSheet]: yearly(BOOKS_PATHS.balanceSheet, asOf(BOOKS_PATHS.balanceSheet)),
  [BOOKS_PATHS.debtors]: asOf(BOOKS_PATHS.debtors),
  [BOOKS_PATHS.creditors]: asOf(BOOKS_PATHS.creditors),
  [BOOKS_PATHS.dayBookExport]: exported(BOOKS_PATHS.dayBookExport),
  [BOOKS_PATHS.ledgersExport]: exported(BOOKS_PATHS.ledgersExport),
  [BOOKS_PATHS.ageing]: asOf(BOOKS_PATHS.ageing, '&side=payable'),
  [STOCK_PATH]: asOf(STOCK_PATH),
  [STOCK_VALUATION_PATH]: asOf(STOCK_VALUATION_PATH),
  // Every opening posted and the documents before the books begin: it takes no parameter.
  [OPENING_BALANCES_PATH]: { worst: [OPENING_BALANCES_PATH], beyond: [[`${OPENING_BALANCES_PATH}?asOf=${LAST_DAY}`, 'asOf']] },
  [BOOKS_PATHS.gstr1]: {
    worst: [`${BOOKS_PATHS.gstr1}?period=${LAST_YEAR}-12`, `${BOOKS_PATHS.gstr1}?period=${LAST_YEAR}-12&section=hsn_b2b`],
    beyond: [[`${BOOKS_PATHS.gstr1}?period=${LAST_YEAR + 1}-01`, 'period'], [`${BOOKS_PATHS.gstr1}?period=0001-01`, 'period']],
  },
  [GSTR2B_PATHS.period(':period')]: returnPeriod(GSTR2B_PATHS.period),
  [GSTR2B_PATHS.imsUpload(':period')]: returnPeriod(GSTR2B_PATHS.imsUpload),
  [GSTR2B_PATHS.itc(':period')]: returnPeriod(GSTR2B_PATHS.itc),
  // What was filed for a month beside its returns now (issue 44 item 4): one month, both returns' copies at most.
  [GST_FILING_PATHS.filing(':return', ':period')]: {
    worst: [GST_FILING_PATHS.filing('gstr1', `${LAST_YEAR}-12`), GST_FILING_PATHS.filing('gstr3b', `${LAST_YEAR}-12`)],
    beyond: [...returnPeriod((p) => GST_FILING_PATHS.filing('gstr1', p)).beyond, [`${GST_FILING_PATHS.filing('gstr1', `${LAST_YEAR}-12`)}?asOf=${LAST_DAY}`, 'asOf']],
  },
  [BOOKS_PATHS.gstr3b]: {
    worst: [`${BOOKS_PATHS.gstr3b}?period=${LAST_YEAR}-12`, `${BOOKS_PATHS.gstr3b}?period=${LAST_YEAR}-12&file=json`],
    beyond: [[`${BOOKS_PATHS.gstr3b}?period=${LAST_YEAR + 1}-01`, 'period'], [`${BOOKS_PATHS.gstr3b}?period=${LAST_YEAR}-12&file=xml`, 'file']],
  },
  [BOOKS_PATHS.gstTieOut]: {
    worst: [`${BOOKS_PATHS.gstTieOut}?period=${LAST_YEAR}-12`],
    beyond: [[`${BOOKS_PATHS.gstTieOut}?period=${LAST_YEAR + 1}-01`, 'period'], [`${BOOKS_PATHS.gstTieOut}?period=0001-01`, 'period']],
  },
  [PAYROLL_PATHS.register]: {
    worst: [`${PAYROLL_PATHS.register}?month=12&year=${PAYROLL_YEARS.max}`],
    beyond: [[`${PAYROLL_PATHS.register}?month=12&year=${PAYROLL_YEARS.max + 1}`, 'year']],
  },
  [api.events]: {
    owner: true,
    worst: [
      `${api.events}?limit=${EVENTS_LIMIT}`,
      `${api.events}?limit=${EVENTS_LIMIT}&module=sales&type=${Array.from({ length: 50 }, (_, i) => `${'x'.repeat(98)}${i}`.slice(-100)).join(',')}`,
    ],
    beyond: [
      [`${api.events}?limit=${EVENTS_LIMIT + 1}`, 'limit'],
      [`${api.events}?type=${'x'.repeat(101)}`, 'type'],
      [`${api.events}?type=${Array.from({ length: 51 }, (_, i) => `T${i}`).join(',')}`, 'type'],
    ],
  },
  [api.activity]: {
    owner: true,
    worst: [`${api.activity}?limit=${ACTIVITY_LIMIT}`, `${api.activity}?limit=${ACTIVITY_LIMIT}&user=nobody&from=${FIRST_YEAR}-01-01&to=${LAST_DAY}`],
    beyond: [
      [`${api.activity}?limit=${ACTIVITY_LIMIT + 1}`, 'limit'],
      [`${api.activity}?from=2026-13-45`, 'from'],
      [`${api.activity}?to=${LAST_YEAR + 1}-01-01`, 'to'],
      [`${api.activity}?from=2026-05-01&to=2026-04-30`, 'from'],
    ],
  },
  // The bank book of the chart's own bank account: its statement as of a date, its lines with the
  // widest match window, its entries; cash in hand's lowest point from the first accepted day.
  [BANK_RECONCILIATION_PATHS.statement(':account')]: asOf(BANK_RECONCILIATION_PATHS.statement('bank')),
  [BANK_RECONCILIATION_PATHS.lines(':account')]: {
    worst: [`${BANK_RECONCILIATION_PATHS.lines('bank')}?status=all&window=${MATCH_WINDOW_MAX}`],
    beyond: [[`${BANK_RECONCILIATION_PATHS.lines('bank')}?window=${MATCH_WINDOW_MAX + 1}`, 'window'], [`${BANK_RECONCILIATION_PATHS.lines('bank')}?days=1`, 'days']],
  },
  [BANK_RECONCILIATION_PATHS.entries(':account')]: {
    worst: [`${BANK_RECONCILIATION_PATHS.entries('bank')}?status=all`],
    beyond: [[`${BANK_RECONCILIATION_PATHS.entries('bank')}?status=some`, 'status']],
  },
  [CASH_IN_HAND_PATH]: {
    worst: [`${CASH_IN_HAND_PATH}?from=${FIRST_YEAR}-01-01`],
    beyond: [[`${CASH_IN_HAND_PATH}?from=${FIRST_YEAR - 1}-12-31`, 'from'], [`${CASH_IN_HAND_PATH}?to=${LAST_DAY}`, 'to']],
  },
  [api.activityExport]: {
    owner: true,
    worst: [`${api.activityExport}?${LONGEST}`, `${api.activityExport}?fy=${LAST_FY}`],
    beyond: [
      [`${api.activityExport}?${ONE_DAY_LONGER}`, 'from'],
      [`${api.activityExport}?from=2026-13-45`, 'from'],
      [`${api.activityExport}?to=${LAST_YEAR + 1}-01-01`, 'to'],
      [`${api.activityExport}?fy=2025-26&to=2026-03-31`, 'fy'],
    ],
  },
  [`${api.webhooks}/:id/deliveries`]: {
    owner: true,
    worst: [`${webhookDeliveries}?limit=${WEBHOOK_DELIVERIES_LIMIT.max}`, `${webhookDeliveries}?limit=${WEBHOOK_DELIVERIES_LIMIT.max}&after=${FARTHEST_AFTER}`],
    beyond: [
      [`${webhookDeliveries}?limit=${WEBHOOK_DELIVERIES_LIMIT.max + 1}`, 'limit'],
      [`${webhookDeliveries}?after=${'A'.repeat(41)}`, 'after'],
      [`${webhookDeliveries}?page=2`, 'page'],
    ],
  },
  ...Object.fromEntries([...MASTER_DATA_ENTITIES, ...INVOICE_DOCUMENTS, ...SETTLEMENT_DOCUMENTS, ...REFUND_DOCUMENTS, { path: JOURNAL_VOUCHERS_PATH }].map((e) => [e.path, list(e.path)])),
  ...Object.fromEntries(INVOICE_DOCUMENTS.filter((d) => d.repeats).map((d) => [dueToRepeatPath(d.path), dueList(dueToRepeatPath(d.path))])),
};

/**
 * GETs with no parameter whose cost grows: one record (by id, its lines, its history from its own
 * stream, its PDF, its e-documents and their e-way bill and e-invoice files) and fixed-size answers.
 */
const ONE_RECORD = /\/:(id|position)(\/(history|lines|pdf|stock-ledger|deliveries|credits|e-documents|e-way-bill|e-invoice))?$/;
const FIXED = [
  api.auth.me, api.users, api.apiKeys, api.webhooks, `${api.webhooks}/deliveries`, `${api.webhooks}/event-types`, api.modules, '/api/modules/:name', '/api/modules/:name/tasks',
  api.homeSummary, api.health, BUSINESS_PATH, LOCKS_PATH, BOOKS_PATHS.dashboard, api.openapi, api.docs,
  BANK_RECONCILIATION_PATHS.accounts,
  // At most 40 months of two returns (issue 44 item 5).
  GST_DEADLINES_PATH,
];

const PASSWORD = 'bounds-test-pass-42';

describe('what one request may cost (issue 41 item 3)', () => {
  const t = signedInOneProcess();
  let viewer: HttpClient;
  let owner: HttpClient;
  let customerId = '';
  let webhookId = '';

  beforeAll(async () => {
    expect((await t.owner.post(api.users, { username: 'viewer', password: PASSWORD, role: 'viewer' })).status).toBe(201);
    viewer = new HttpClient(t.system.baseUrl);
    expect((await viewer.login('viewer', PASSWORD)).status).toBe(200);
    // The owner's second session fires the activity log's worst pages; t.owner is the other client.
    owner = new HttpClient(t.system.baseUrl);
    expect((await owner.login('owner', 'correct horse battery staple')).status).toBe(200);
    expect((await t.owner.put(BUSINESS_PATH, { legalName: 'Sharma Traders', state: '27', gstin: '27AAPFU0939F1ZV' })).status).toBe(200);
    const customer = await t.owner.post<{ id: number }>(customersEntity.path, { name: 'Mehta Stores' });
    expect(customer.status, customer.text).toBe(201);
    customerId = String(customer.body.id);
    // Paused, to a documentation address (TEST-NET-3): nothing is ever sent.
    const webhook = await t.owner.post<{ id: number }>(api.webhooks, { url: 'https://203.0.113.10/hook', active: false });
    expect(webhook.status, webhook.text).toBe(201);
    webhookId = String(webhook.body.id);
  });
  const urlOf = (url: string) => url.replace(CUSTOMER, customerId).replace(WEBHOOK, webhookId);

  /**
   * Fires each request AT_ONCE times together while the other client reads a vendor page again
   * and again; answers them all and the slowest of the other client's reads.
   */
  const underLoad = async (client: HttpClient, urls: readonly string[]) => {
    let running = true;
    const fired = Promise.all(urls.flatMap((url) => Array.from({ length: AT_ONCE }, () => client.get(urlOf(url))))).finally(() => {
      running = false;
    });
    const probes: number[] = [];
    let failed: Answer | null = null;
    try {
      do {
        const started = performance.now();
        const res = await t.owner.get(`${customersEntity.path}?limit=1`);
        probes.push(performance.now() - started);
        if (res.status !== 200) failed = res;
      } while (running && !failed);
    } finally {
      await fired.catch(() => undefined);
    }
    return { answers: await fired, slowest: Math.max(...probes), failed };
  };

  const expectRefused = (res: Answer, parameter: string, url: string) => {
    expect(res.status, `${url}: ${res.text}`).toBe(400);
    const paths = (res.body as { issues?: { path: string }[] }).issues?.map((i) => i.path) ?? [];
    expect(paths, `${url} names ${parameter}`).toContain(parameter);
  };

  it('every GET route is in the inventory: bounded, or with no parameter whose cost grows', () => {
    const gets = [...new Set(productRoutes().filter((r) => r.method === 'GET').map((r) => r.path))];
    expect(gets.length).toBeGreaterThan(80);
    const unclassified = gets.filter((path) => !(path in BOUNDED) && !ONE_RECORD.test(path) && !FIXED.includes(path));
    expect(unclassified).toEqual([]);
    // And the inventory names no route that is not there.
    expect(Object.keys(BOUNDED).filter((path) => !gets.includes(path))).toEqual([]);
  });

  it("the issue's request, a period from year 1 to 9999, six at once: each a quick 400 naming the period, and the other client stays fast", async () => {
    const url = `${BOOKS_PATHS.profitAndLoss}?from=0001-01-01&to=9999-12-31`;
    const { answers, slowest, failed } = await underLoad(viewer, [url]);
    expect(failed?.text ?? null).toBeNull();
    for (const res of answers) expectRefused(res, 'from', url);
    expect(slowest).toBeLessThan(PROBE_MS);
  });

  for (const [route, bounded] of Object.entries(BOUNDED)) {
    it(`${route}: the worst accepted requests answer while the other client stays fast; just beyond a bound is a 400 naming it`, async () => {
      const client = bounded.owner ? owner : viewer;
      const { answers, slowest, failed } = await underLoad(client, bounded.worst);
      expect(failed?.text ?? null).toBeNull();
      for (const res of answers) expect(res.status, res.text).toBe(200);
      expect(slowest).toBeLessThan(PROBE_MS);
      for (const [url, parameter] of bounded.beyond) expectRefused(await client.get(urlOf(url)), parameter, url);
    });
  }
});
