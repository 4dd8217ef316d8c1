import { INVOICE_DOCUMENTS, JOURNAL_VOUCHER_STREAM, MASTER_DATA_ENTITIES, REFUND_DOCUMENTS, SETTLEMENT_DOCUMENTS, subjectResolver } from '@erp/contracts';

/** This product's subject scheme: `erp.<module>.<entity>.<EventType>`, or null for internal events. */
export const integrationSubject = subjectResolver({
  entities: MASTER_DATA_ENTITIES,
  documents: [...INVOICE_DOCUMENTS, ...SETTLEMENT_DOCUMENTS, ...REFUND_DOCUMENTS],
  others: { [JOURNAL_VOUCHER_STREAM]: 'accounting' },
});
