import type Router from '@koa/router';

import type { ReadDeps } from '../shared/read-your-writes';
import { ageingRoutes } from './ageing.routes';
import { bankReconciliationRoutes } from './bank-reconciliation.routes';
import { dashboardRoute } from './dashboard.route';
import { gstRoutes } from './gst.routes';
import { ledgerRoutes } from './ledger.routes';
import { openingsRoute } from './openings.route';
import { partyBalanceRoutes } from './party-balances.routes';
import { registerRoutes } from './register.route';
import { voucherReadRoutes } from './voucher.routes';
import { yearExportRoutes } from './year-export.routes';

/** The books (issue 21): ledgers, statements, ageing, reports as of any date, GST returns. */
export const booksRoutes = (router: Router, deps: ReadDeps) => {
  ledgerRoutes(router, deps);
  ageingRoutes(router, deps);
  gstRoutes(router, deps);
  registerRoutes(router, deps);
  voucherReadRoutes(router, deps);
  dashboardRoute(router, deps);
  bankReconciliationRoutes(router, deps);
  openingsRoute(router, deps);
  partyBalanceRoutes(router, deps);
  yearExportRoutes(router, deps);
};
