import { type InvoiceDocument, isPrintable } from '@erp/contracts';
import { createElement, type ReactNode, lazy, Suspense } from 'react';

// The Send card (share the PDF, a payment reminder): its own chunk, fetched with the details.
const DocumentSend = lazy(() => import('./document-send').then((m) => ({ default: m.DocumentSend })));

/**
 * The details' Send card of a printed document (its PDF and message; a reminder while overdue),
 * after what `before` shows there; a kind that is not printed keeps `before` alone.
 */
export const withSendCard =
  <T extends { id: number; status?: string; balanceDue?: string }>(doc: InvoiceDocument, before?: (record: T) => ReactNode) =>
  (record: T): ReactNode =>
    isPrintable(doc)
      ? createElement(Suspense, { fallback: before?.(record) ?? null }, before?.(record), createElement(DocumentSend, { doc, record }))
      : before?.(record);
