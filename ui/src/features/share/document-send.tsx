import type { InvoiceDocument } from '@erp/contracts';
import { MessageCircle } from 'lucide-react';
import styled from 'styled-components';

import { Card, CardHeading } from '@/components/layout';

import { ShareButton, usePrepared } from './share-button';
import { documentToSend } from './share-document';

const Row = styled.div`display: flex; flex-wrap: wrap; gap: 8px;`;

interface Sent {
  readonly id: number;
  readonly status?: string;
  readonly balanceDue?: string;
}

/**
 * A document's Send card (its details): Share sends its PDF and a short message (WhatsApp is the
 * usual choice); an overdue invoice also has Send reminder, with the amount, due date and a UPI
 * link to pay.
 */
export function DocumentSend({ doc, record }: { doc: InvoiceDocument; record: Sent }) {
  const ready = usePrepared(() => documentToSend(doc, record.id), `${doc.stream}-${record.id}-${record.status ?? ''}-${record.balanceDue ?? ''}`);
  return (
    <Card aria-labelledby="send-heading">
      <CardHeading id="send-heading">Send</CardHeading>
      {ready === null ? (
        <p>This document could not be made ready to send. Check the connection and open it again.</p>
      ) : (
        <Row>
          <ShareButton label="Share" shared={ready?.shared} phone={ready?.phone} primary />
          {ready?.reminder && <ShareButton label="Send reminder" icon={MessageCircle} shared={ready.reminder} phone={ready.phone} />}
        </Row>
      )}
    </Card>
  );
}
