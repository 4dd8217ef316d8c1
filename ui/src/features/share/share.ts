import { toast } from '@/lib/toast-store';

/**
 * The phone's share sheet (Web Share API): a PDF with its message where the browser can share
 * files (WhatsApp takes both), else the message alone. A desktop browser has none: the buttons
 * there are wa.me links instead (share-button.tsx).
 */
export const hasShareSheet = (): boolean => typeof navigator !== 'undefined' && typeof navigator.share === 'function';

export interface Shared {
  readonly title: string;
  readonly text: string;
  /** A PDF of ours to send with it (an invoice's, a statement's): read when tapped, not before (the server makes it). */
  readonly pdf?: { readonly path: string; readonly name: string };
}

/** A PDF of ours as a file to share, read with the session's cookie. */
export async function pdfFile(path: string, name: string): Promise<File> {
  const response = await fetch(path, { credentials: 'include' });
  if (!response.ok) throw new Error(`${response.status}: ${response.statusText}`);
  return new File([await response.blob()], name, { type: 'application/pdf' });
}

/** Opens the share sheet; closing it is not an error, any other failure is said in a toast. */
export async function shareNow({ title, text, pdf }: Shared): Promise<void> {
  try {
    const file = pdf ? await pdfFile(pdf.path, pdf.name) : null;
    if (file && navigator.canShare?.({ files: [file] })) await navigator.share({ title, text, files: [file] });
    else await navigator.share({ title, text });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') return;
    toast({ title: 'Error', description: 'Could not share from this device. Download the PDF and send it instead.', variant: 'destructive' });
  }
}
