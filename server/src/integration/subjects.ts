import { INVOICE_DOCUMENTS, JOURNAL_VOUCHER_STREAM, MASTER_DATA_ENTITIES, REFUND_DOCUMENTS, SETTLEMENT_DOCUMENTS, subjectResolver } from '@erp/contracts';

/** This product's subject scheme: `<prefix>.<module>.<entity>.<EventType>` (prefix `erp` unless ERP_NATS_PREFIX), or null for internal events. */
export const integrationSubjects = (prefix?: string) =>
  subjectResolver(
    {
      entities: MASTER_DATA_ENTITIES,
      documents: [...INVOICE_DOCUMENTS, ...SETTLEMENT_DOCUMENTS, ...REFUND_DOCUMENTS],
      others: { [JOURNAL_VOUCHER_STREAM]: 'accounting' },
    },
    prefix,
  );

/** With the default prefix: whether an event is public at all (webhooks), and its subject. */
export const integrationSubject = integrationSubjects();
