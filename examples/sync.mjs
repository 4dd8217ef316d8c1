// A tiny integrator: keeps a local copy of Udyam ERP's records with an API key, fetching only
// what changed since its last run.
//   ERP_URL=http://127.0.0.1:3000 ERP_API_KEY=erp_… node examples/sync.mjs [state file]
// The first run syncs every list from `0`; each later run passes each list's X-Next-Cursor
// back and gets the records changed since (deleted ones as tombstones), in the order they
// changed. The cursors live in the state file next to the copy: save both together, as a real
// integrator saves them in one transaction of its own database.
/* global fetch */
import { readFile, writeFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';

const base = process.env.ERP_URL ?? 'http://127.0.0.1:3000';
const key = process.env.ERP_API_KEY;
const file = process.argv[2] ?? 'erp-sync-state.json';
if (!key) throw new Error('Set ERP_API_KEY to a key the owner made (Settings → API Keys)');

const LISTS = [
  '/api/purchase/vendors', '/api/sales/customers', '/api/inventory/items', '/api/hr/employees', '/api/crm/leads',
  '/api/inventory/stock-adjustments', '/api/accounting/ledger-accounts', '/api/hr/payroll', '/api/crm/follow-ups',
  '/api/purchase/invoices', '/api/purchase/payments', '/api/purchase/debit-notes', '/api/purchase/refunds',
  '/api/sales/invoices', '/api/sales/receipts', '/api/sales/credit-notes', '/api/sales/refunds',
  '/api/accounting/journal-vouchers',
];
const PAGE = 500;

const state = await readFile(file, 'utf8').then(JSON.parse, () => ({ cursors: {}, records: {} }));

/** One GET with the key; a 429 waits as long as Retry-After says and asks again. */
const get = async (path) => {
  for (;;) {
    const res = await fetch(`${base}${path}`, { headers: { Authorization: `Bearer ${key}` } });
    if (res.status === 429) {
      await sleep(Number(res.headers.get('Retry-After') ?? 1) * 1000);
      continue;
    }
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return { rows: await res.json(), next: res.headers.get('X-Next-Cursor') };
  }
};

for (const list of LISTS) {
  const records = (state.records[list] ??= {});
  let cursor = state.cursors[list] ?? '0';
  let changed = 0;
  let deleted = 0;
  for (;;) {
    const { rows, next } = await get(`${list}?changedSince=${encodeURIComponent(cursor)}&limit=${PAGE}`);
    for (const row of rows) {
      if (row.deleted) {
        delete records[row.id];
        deleted += 1;
      } else {
        records[row.id] = row;
        changed += 1;
      }
    }
    cursor = next;
    if (rows.length < PAGE) break;
  }
  state.cursors[list] = cursor;
  console.log(`${list}: ${changed} changed, ${deleted} deleted, ${Object.keys(records).length} held`);
}
await writeFile(file, JSON.stringify(state));
