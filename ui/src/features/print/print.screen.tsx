import {
  byId,
  eDocumentPaths,
  type EDocuments,
  INVOICE_DOCUMENTS,
  isPrintable,
  MASTER_DATA_ENTITIES,
  type PartyRecord,
  pdfPath,
  type PrintableDocument,
  printableDocument,
  printSourceOf,
} from '@erp/contracts';
import { useQuery } from '@tanstack/react-query';
import { Download, Printer, Share2 } from 'lucide-react';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import styled from 'styled-components';

import { Button } from '@/components/button';
import { EmptyState } from '@/components/empty-state';
import { Spinner } from '@/components/spinner';
import { PrintedDocument } from '@/features/print/printed-document';
import { useBusiness } from '@/features/settings/business.queries';
import { apiClient } from '@/lib/api-client';
import { formatMoney } from '@/lib/format';

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  padding: 12px;
  justify-content: center;
  @media print { display: none; }
`;

const PrintStyles = ({ roll }: { roll: boolean }) => (
  <style>{`@media print { @page { size: ${roll ? '80mm auto' : 'A4'}; margin: ${roll ? '3mm' : '10mm'}; } body { background: #fff; } }`}</style>
);

/**
 * A document's printed form (CGST Rule 46): on screen, on A4, on an 80 mm thermal roll (print
 * CSS), as a PDF (the server's), and shared from a phone (Web Share API: to WhatsApp and the rest).
 */
export function PrintScreen() {
  const { stream = '', id = '' } = useParams();
  const doc = INVOICE_DOCUMENTS.find((d) => d.stream === stream && isPrintable(d));
  const partyEntity = MASTER_DATA_ENTITIES.find((e) => e.singular === doc?.party.singular);
  const business = useBusiness();
  const record = useQuery({ queryKey: ['print', stream, id], enabled: Boolean(doc), queryFn: () => apiClient.get<Record<string, unknown>>(byId(doc!.path, id)) });
  const partyId = Number(record.data?.[doc?.party.field ?? ''] ?? 0);
  // A note prints its invoice's date beside its number (CGST Rule 53(1A)): read from that invoice.
  const invoices = INVOICE_DOCUMENTS.find((d) => d.stream === doc?.against?.stream);
  const invoiceId = Number(record.data?.[doc?.against?.field ?? ''] ?? 0);
  const invoice = useQuery({
    queryKey: ['print', invoices?.stream, invoiceId],
    enabled: invoiceId > 0 && Boolean(invoices),
    queryFn: () => apiClient.get<Record<string, unknown>>(byId(invoices!.path, invoiceId)),
  });
  const party = useQuery({
    queryKey: ['print', 'party', partyEntity?.path, partyId],
    enabled: partyId > 0 && Boolean(partyEntity),
    queryFn: () => apiClient.get<PartyRecord>(byId(partyEntity!.path, partyId)),
  });
  // Its e-invoice's IRN and signed QR code, once the owner has entered them (issue 44).
  const eDocs = useQuery({ queryKey: ['e-documents', stream, id], enabled: Boolean(doc), queryFn: () => apiClient.get<EDocuments>(eDocumentPaths(byId(doc!.path, id)).state) });
  const [roll, setRoll] = useState(false);
  if (!doc) return <EmptyState message="There is no printed form for this page." />;
  if (record.isError || party.isError || business.isError) return <EmptyState message="This document could not be loaded. Check the connection and try again." />;
  if (!record.data || !party.data || !business.data || (invoiceId > 0 && invoice.isPending)) return <Spinner />;
  const invoiceDate = invoices && invoice.data ? invoice.data[invoices.dateField] : null;
  const printable = { ...printableDocument(printSourceOf(doc, record.data, typeof invoiceDate === 'string' ? invoiceDate : null), business.data.profile, party.data), eInvoice: eDocs.data?.irn ?? null };
  const pdf = pdfPath(byId(doc.path, id));
  return (
    <>
      <PrintStyles roll={roll} />
      <Toolbar>
        <Button $variant="secondary" onClick={() => history.back()}>
          Back
        </Button>
        <Button onClick={() => window.print()}>
          <Printer size={18} aria-hidden="true" />
          Print
        </Button>
        <Button $variant="secondary" aria-pressed={roll} onClick={() => setRoll(!roll)}>
          {roll ? 'A4 paper' : '80 mm roll'}
        </Button>
        <Button as="a" $variant="secondary" href={pdf} download={`${printable.number.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`}>
          <Download size={18} aria-hidden="true" />
          Download PDF
        </Button>
        <ShareButton pdf={pdf} printable={printable} />
      </Toolbar>
      <PrintedDocument doc={printable} roll={roll} />
    </>
  );
}

/** Shares the PDF itself where the phone can (WhatsApp takes it), else a link to this page. */
function ShareButton({ pdf, printable }: { pdf: string; printable: PrintableDocument }) {
  if (typeof navigator === 'undefined' || !navigator.share) return null;
  const share = async () => {
    const title = `${printable.title} ${printable.number}`;
    const text = `${title} from ${printable.supplier.name}: ${formatMoney(printable.totals.total)}`;
    try {
      const blob = await (await fetch(pdf, { credentials: 'include' })).blob();
      const file = new File([blob], `${printable.number.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`, { type: 'application/pdf' });
      if (navigator.canShare?.({ files: [file] })) await navigator.share({ title, text, files: [file] });
      else await navigator.share({ title, text, url: location.href });
    } catch {
      // The person closed the share sheet: nothing to do.
    }
  };
  return (
    <Button $variant="secondary" onClick={() => void share()}>
      <Share2 size={18} aria-hidden="true" />
      Share
    </Button>
  );
}
