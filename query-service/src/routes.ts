import { MASTER_DATA_ENTITIES } from '@erp/contracts';
import type Router from '@koa/router';

import { masterDataReadRoutes } from './master-data/master-data.routes';
import { creditsReadRoutes } from './documents/credits.routes';
import { documentsReadRoutes } from './documents/documents';
import { stockRoutes } from './inventory/stock.routes';
import { valuationRoutes } from './inventory/valuation';
import { documentPdfRoutes } from './documents/pdf/pdf.routes';
import { eDocumentReadRoutes } from './documents/e-documents/e-documents.routes';
import { businessReadRoutes } from './settings/business.routes';
import { lockReadRoutes } from './settings/locks.routes';
import type { ReadDeps } from './shared/read-your-writes';
import { booksRoutes } from './books/books.routes';
import { payrollReadRoutes } from './hr/payroll.routes';
import { gstr2bRoutes } from './gst/gstr2b.routes';
import { filedRoutes } from './gst/filed.routes';

/** Every entity read route of the product. */
export const registerReadRoutes = (router: Router, deps: ReadDeps) => {
  // Before the generic routes: a payslip's /pdf is not a record's history.
  payrollReadRoutes(router, deps);
  for (const entity of MASTER_DATA_ENTITIES) masterDataReadRoutes(router, deps, entity);
  documentsReadRoutes(router, deps);
  creditsReadRoutes(router, deps);
  stockRoutes(router, deps);
  valuationRoutes(router, deps);
  businessReadRoutes(router, deps);
  lockReadRoutes(router, deps);
  documentPdfRoutes(router, deps);
  eDocumentReadRoutes(router, deps);
  booksRoutes(router, deps);
  gstr2bRoutes(router, deps);
  filedRoutes(router, deps);
};
