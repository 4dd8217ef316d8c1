import { api, BUSINESS_PATH, routes } from '@erp/contracts/shell';

import { pagePath } from './pages';

/** Where the client keeps the last event position it saw (read-your-writes across page loads). */
export const POSITION_KEY = 'erp.eventPosition';
/** Where index.html leaves the answers it started: path → fetch promise. */
export const STARTED_READS = '__erpStartupReads';

declare global {
  interface Window {
    [STARTED_READS]?: Record<string, Promise<Response>>;
  }
}

/** Screens that are not a list of /api/{module}/{slug}. */
const NOT_LISTS = new Set(['inventory/inventory']);

/**
 * The whole lists a list screen's cards take names from (useLabels): started with its first page,
 * not once its code has run, so no card waits a second round trip to name its party (issue 47).
 */
const NAMES_FROM: Readonly<Record<string, readonly string[]>> = {
  'sales/invoices': ['sales/customers'],
  'sales/credit-notes': ['sales/customers'],
  'sales/receipts': ['sales/customers'],
  'sales/refunds': ['sales/customers'],
  'purchase/invoices': ['purchase/vendors'],
  'purchase/debit-notes': ['purchase/vendors'],
  'purchase/payments': ['purchase/vendors', 'purchase/invoices'],
  'purchase/refunds': ['purchase/vendors'],
  'purchase/expense-payments': ['purchase/vendors', 'purchase/expenses'],
  'crm/leads': ['sales/customers'],
  'crm/follow-ups': ['crm/leads', 'sales/customers'],
  'hr/payroll': ['hr/employees'],
  'inventory/stock-adjustments': ['inventory/items'],
};
/** List screens that read the business profile as they open (the documents' GST details). */
const READS_BUSINESS = new Set(['sales/invoices', 'sales/credit-notes', 'purchase/invoices', 'purchase/debit-notes']);

/** The screen a full page load opens: 'home', 'login', 'module', or a task's 'module/slug'. */
export function screenKey(pathname: string): string {
  const task = /^\/module\/([a-z-]+)\/task\/([a-z0-9-]+)$/.exec(pathname);
  if (task) return `${task[1]}/${task[2]}`;
  if (pathname === routes.home) return 'home';
  if (pathname === routes.login) return 'login';
  return /^\/module\/[a-z-]+$/.test(pathname) ? 'module' : '';
}

/**
 * What a screen reads first, started on a full page load before its code has arrived: the
 * session always, home its modules and figures, a list its first page (with the lists its cards
 * take names from, and the business profile where it reads it). index.html starts these
 * (vite.config.ts writes this table into it) and the client hands each answer to its reader.
 */
export function startupReads(key: string): string[] {
  // An unknown key ('' or a task without a screen) reads the session only.
  if (key === 'home') return [api.auth.me, api.modules, api.homeSummary];
  if (key.includes('/') && !NOT_LISTS.has(key)) {
    const names = (NAMES_FROM[key] ?? []).map((list) => `/api/${list}`);
    return [api.auth.me, pagePath(`/api/${key}`), ...names, ...(READS_BUSINESS.has(key) ? [BUSINESS_PATH] : [])];
  }
  return [api.auth.me];
}
