import type Router from '@koa/router';

import { MASTER_DATA_SLICES } from './master-data';
import { type CommandDeps, masterDataWriteRoutes } from './master-data/master-data.routes';
import { INVOICE_SLICES, REFUND_SLICES, SETTLEMENT_SLICES } from './documents';
import { invoiceWriteRoutes, refundWriteRoutes, settlementWriteRoutes } from './documents/document.routes';
import { partyUsageOf } from './documents/parties';
import { eDocumentWriteRoutes } from './documents/e-documents.routes';
import { businessWriteRoutes } from './settings/business.routes';
import { deviceWriteRoutes } from './settings/device.routes';
import { lockWriteRoutes } from './settings/lock.routes';
import { voucherWriteRoutes } from './books/voucher.routes';
import { bankReconciliationWriteRoutes } from './books/bank-reconciliation.routes';
import { gstr2bWriteRoutes } from './gst/gstr2b.routes';
import { gstFilingWriteRoutes } from './gst/filing.routes';
import { openingBalancesWriteRoutes } from './books/opening-balances.routes';
import { openingItemRoutes } from './documents/opening.routes';
import { payrollRunRoute } from './hr/payroll-run';
import { leadConversionRoutes } from './crm/lead-conversion.routes';

/** Every write route of the product. */
export const registerWriteRoutes = (router: Router, deps: CommandDeps) => {
  // Before the generic routes: /run is not an id.
  payrollRunRoute(router, deps);
  for (const { entity, decider } of MASTER_DATA_SLICES) masterDataWriteRoutes(router, deps, entity, decider, partyUsageOf(entity.singular));
  for (const slice of INVOICE_SLICES) openingItemRoutes(router, deps, slice);
  // Before the documents' own routes: …/{id}/dispatch and …/{id}/irn are not revisions.
  for (const slice of INVOICE_SLICES) eDocumentWriteRoutes(router, deps, slice);
  for (const slice of INVOICE_SLICES) invoiceWriteRoutes(router, deps, slice);
  for (const slice of SETTLEMENT_SLICES) settlementWriteRoutes(router, deps, slice);
  for (const slice of REFUND_SLICES) refundWriteRoutes(router, deps, slice);
  businessWriteRoutes(router, deps);
  deviceWriteRoutes(router, deps);
  lockWriteRoutes(router, deps);
  voucherWriteRoutes(router, deps);
  bankReconciliationWriteRoutes(router, deps);
  gstr2bWriteRoutes(router, deps);
  gstFilingWriteRoutes(router, deps);
  openingBalancesWriteRoutes(router, deps);
  leadConversionRoutes(router, deps);
};
