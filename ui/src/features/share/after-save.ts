import type { InvoiceDocument } from '@erp/contracts';

import { toast } from '@/lib/toast-store';

import { hasShareSheet, shareNow } from './share';

/**
 * The Share action on the toast after a printable document is saved, on a phone (a desktop has
 * its WhatsApp link on the document's details): its message is read while the toast is shown,
 * its PDF when tapped.
 */
export const shareAfterSave =
  (doc: InvoiceDocument) =>
  (record: { id: number }): { label: string; onClick: () => void } | undefined => {
    if (!hasShareSheet()) return undefined;
    const ready = import('./share-document').then((m) => m.documentToSend(doc, record.id));
    ready.catch(() => undefined);
    return {
      label: 'Share',
      onClick: () =>
        void ready.then(
          ({ shared }) => shareNow(shared),
          () => toast({ title: 'Error', description: 'The PDF could not be read to share. Open the invoice and try again.', variant: 'destructive' }),
        ),
    };
  };
