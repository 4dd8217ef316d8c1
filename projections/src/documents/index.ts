import { INVOICE_DOCUMENTS, REFUND_DOCUMENTS, SETTLEMENT_DOCUMENTS } from '@erp/contracts';

import { invoiceListProjection } from './invoice-list.projection';
import { refundListProjection } from './refund-list.projection';
import { settlementListProjection } from './settlement-list.projection';

/** One list read model per document kind, named like its table (`purchase_invoice_list`). */
export const DOCUMENT_PROJECTIONS = [
  ...INVOICE_DOCUMENTS.map((doc) => invoiceListProjection(doc)),
  ...SETTLEMENT_DOCUMENTS.map((doc) => settlementListProjection(doc)),
  ...REFUND_DOCUMENTS.map((doc) => refundListProjection(doc)),
];
