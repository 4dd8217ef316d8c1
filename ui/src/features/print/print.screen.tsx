import {
  byId,
  eDocumentPaths,
  type EDocuments,
  INVOICE_DOCUMENTS,
  type InvoiceDocument,
  hasEInvoice,
  isPrintable,
  isRecord,
  MASTER_DATA_ENTITIES,
  type PartyRecord,
  pdfPath,
  type PrintableDocument,
  printableDocument,
  printSourceOf,
} from '@erp/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Download, Printer, Share2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import styled from 'styled-components';

import { Button } from '@/components/button';
import { EmptyState } from '@/components/empty-state';
import { Spinner } from '@/components/spinner';
import { cachedParty, pendingNote, pendingPrintable, WAITING } from '@/features/print/pending-print';
import { PrintedDocument } from '@/features/print/printed-document';
import { useBusiness } from '@/features/settings/business.queries';
import { apiClient } from '@/lib/api-client';
import { useConnection } from '@/lib/connection';
import { formatMoney } from '@/lib/format';
import type { OutboxEntry } from '@/lib/outbox';

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
 * A document still waiting to sync on this device (issue 47) prints from what was typed, its PDF
 * made here in the server's layout and marked provisional.
 */
export function PrintScreen() {
  const { stream = '', id = '' } = useParams();
  const doc = INVOICE_DOCUMENTS.find((d) => d.stream === stream && isPrintable(d));
  if (!doc) return <EmptyState message="There is no printed form for this page." />;
  return id.startsWith(WAITING) ? <WaitingPrint doc={doc} entryId={id.slice(WAITING.length)} /> : <RecordedPrint doc={doc} id={id} />;
}

function RecordedPrint({ doc, id }: { doc: InvoiceDocument; id: string }) {
  const stream = doc.stream;
  const partyEntity = MASTER_DATA_ENTITIES.find((e) => e.singular === doc.party.singular);
  const business = useBusiness();
  const record = useQuery({ queryKey: ['print', stream, id], queryFn: () => apiClient.get<Record<string, unknown>>(byId(doc.path, id)) });
  const partyId = Number(record.data?.[doc.party.field] ?? 0);
  // A note prints its invoice's date beside its number (CGST Rule 53(1A)): read from that invoice.
  const invoices = INVOICE_DOCUMENTS.find((d) => d.stream === doc.against?.stream);
  const invoiceId = Number(record.data?.[doc.against?.field ?? ''] ?? 0);
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
  const eDocs = useQuery({ queryKey: ['e-documents', stream, id], enabled: hasEInvoice(doc), queryFn: () => apiClient.get<EDocuments>(eDocumentPaths(byId(doc.path, id)).state) });
  const { online } = useConnection();
  if (record.isError || party.isError || business.isError) return <EmptyState message="This document could not be loaded. Check the connection and try again." />;
  if (!record.data || !party.data || !business.data || (invoiceId > 0 && invoice.isPending)) return <Spinner />;
  const invoiceDate = invoices && invoice.data ? invoice.data[invoices.dateField] : null;
  const printable = { ...printableDocument(printSourceOf(doc, record.data, typeof invoiceDate === 'string' ? invoiceDate : null), business.data.profile, party.data), eInvoice: eDocs.data?.irn ?? null };
  // Online, the server's PDF; offline, the same layout made here from what this device last read.
  return <PrintPage printable={printable} pdf={online ? pdfPath(byId(doc.path, id)) : () => makeOnDevice(printable)} />;
}

function WaitingPrint({ doc, entryId }: { doc: InvoiceDocument; entryId: string }) {
  const entry = useWaitingEntry(entryId);
  const business = useBusiness();
  const client = useQueryClient();
  const partyEntity = MASTER_DATA_ENTITIES.find((e) => e.singular === doc.party.singular);
  if (entry === undefined || business.isPending) return <Spinner />;
  if (entry === null) return <EmptyState message="This document has synced (or was discarded): open it from its list to print it." />;
  const party = partyEntity && isRecord(entry.body) ? cachedParty(client, partyEntity, Number(entry.body[doc.party.field])) : null;
  const printable = pendingPrintable(doc, entry, business.data?.profile ?? null, party);
  if (!printable) return <EmptyState message="This document cannot be printed before it syncs." />;
  return <PrintPage printable={printable} pdf={() => makeOnDevice(printable)} note={pendingNote(entry)} />;
}

/** The outbox entry of that id: undefined while the outbox loads, null once it is not there (synced or discarded). */
function useWaitingEntry(id: string) {
  const [entry, setEntry] = useState<OutboxEntry | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    let unsubscribe = (): void => undefined;
    void apiClient.outbox().then(async (outbox) => {
      await outbox.ready();
      const read = () => live && setEntry(outbox.list().find((e) => e.id === id) ?? null);
      read();
      unsubscribe = outbox.subscribe(read);
    });
    return () => {
      live = false;
      unsubscribe();
    };
  }, [id]);
  return entry;
}

/** The PDF made on this device (pdfmake and the fonts loaded now, not before). */
const makeOnDevice = async (printable: PrintableDocument) => (await import('@/features/print/device-pdf')).devicePdf(printable);

const fileNameOf = (printable: PrintableDocument) => `${printable.number.replace(/[^A-Za-z0-9-]+/g, '-')}${printable.provisional ? '-provisional' : ''}.pdf`;

/** The toolbar and the page. `pdf`: the server's PDF by its path, or one made on the device. */
function PrintPage({ printable, pdf, note }: { printable: PrintableDocument; pdf: string | (() => Promise<Blob>); note?: string }) {
  const [roll, setRoll] = useState(false);
  const [making, setMaking] = useState(false);
  const download = async (make: () => Promise<Blob>) => {
    setMaking(true);
    try {
      const url = URL.createObjectURL(await make());
      const a = Object.assign(document.createElement('a'), { href: url, download: fileNameOf(printable) });
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } finally {
      setMaking(false);
    }
  };
  const blob = typeof pdf === 'string' ? async () => (await fetch(pdf, { credentials: 'include' })).blob() : pdf;
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
        {typeof pdf === 'string' ? (
          <Button as="a" $variant="secondary" href={pdf} download={fileNameOf(printable)}>
            <Download size={18} aria-hidden="true" />
            Download PDF
          </Button>
        ) : (
          <Button $variant="secondary" disabled={making} onClick={() => void download(pdf)}>
            <Download size={18} aria-hidden="true" />
            {making ? 'Making PDF…' : 'Download PDF'}
          </Button>
        )}
        <ShareButton pdf={blob} printable={printable} />
      </Toolbar>
      {note && <Note role="status">{note}</Note>}
      <PrintedDocument doc={printable} roll={roll} />
    </>
  );
}

/** Shares the PDF itself where the phone can (WhatsApp takes it), else a link to this page. */
function ShareButton({ pdf, printable }: { pdf: () => Promise<Blob>; printable: PrintableDocument }) {
  if (typeof navigator === 'undefined' || !navigator.share) return null;
  const share = async () => {
    const title = `${printable.provisional ? `${printable.provisional}: ` : ''}${printable.title} ${printable.number}`;
    const text = `${title} from ${printable.supplier.name}: ${formatMoney(printable.totals.total)}`;
    try {
      const file = new File([await pdf()], fileNameOf(printable), { type: 'application/pdf' });
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

const Note = styled.p`
  max-width: 210mm;
  margin: 0 auto 8px;
  padding: 0 12px;
  font-size: 14px;
  color: #991b1b;
  @media print { display: none; }
`;
