import { type LucideIcon, Share2 } from 'lucide-react';
import { useEffect, useState } from 'react';

import { Button } from '@/components/button';

import { hasShareSheet, type Shared, shareNow } from './share';
import { whatsAppLink } from './share-message';

/**
 * What a send button shares, read once when it is shown (not kept in the query cache: a File
 * does not survive the copy kept on the device). `undefined` while it loads, null when it failed.
 */
export function usePrepared<T>(load: () => Promise<T>, key: string): T | null | undefined {
  const [state, setState] = useState<{ key: string; value: T | null } | null>(null);
  useEffect(() => {
    let live = true;
    load().then(
      (value) => live && setState({ key, value }),
      () => live && setState({ key, value: null }),
    );
    return () => {
      live = false;
    };
    // `load` is remade on every render; what it reads is named by `key`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return state?.key === key ? state.value : undefined;
}

interface Props {
  label: string;
  shared: Shared | null | undefined;
  /** The party's phone: the desktop's WhatsApp link opens their chat. */
  phone?: string | null;
  icon?: LucideIcon;
  primary?: boolean;
}

/**
 * One tap to send: the phone's share sheet (the PDF and its message), or on a desktop, which has
 * none, a wa.me link with the message to open in WhatsApp.
 */
export function ShareButton({ label, shared, phone, icon: Icon = Share2, primary = false }: Props) {
  const variant = primary ? 'primary' : 'secondary';
  if (hasShareSheet() || !shared) {
    return (
      <Button $variant={variant} disabled={!shared} onClick={() => shared && void shareNow(shared)}>
        <Icon size={18} aria-hidden="true" />
        {label}
      </Button>
    );
  }
  return (
    <Button as="a" $variant={variant} href={whatsAppLink(shared.text, phone)} target="_blank" rel="noopener noreferrer">
      <Icon size={18} aria-hidden="true" />
      {`${label} on WhatsApp`}
    </Button>
  );
}
