import { Copy, MessageCircle, Share2 } from 'lucide-react';
import styled from 'styled-components';

import { Button } from '@/components/button';
import { toast } from '@/lib/toast-store';

const Message = styled.p`
  margin: 0;
  padding: 10px 12px;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  font-size: 14px;
  overflow-wrap: anywhere;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;

const WhatsApp = styled.a`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  min-height: ${({ theme }) => theme.touch};
  padding: 0 14px;
  border-radius: ${({ theme }) => theme.radius.sm};
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  color: ${({ theme }) => theme.colors.text};
  font-weight: 600;
  text-decoration: none;
`;

/** The message for a supplier whose bill is not in the 2B: shown, shared (the phone's sheet or WhatsApp) or copied. */
export function FollowUp({ text }: { text: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast({ title: 'Message copied' });
    } catch {
      toast({ title: 'Could not copy: select the text and copy it', variant: 'destructive' });
    }
  };
  const share = async () => {
    try {
      await navigator.share({ text });
    } catch {
      // The person closed the share sheet: nothing to do.
    }
  };
  return (
    <>
      <Message aria-label="Message to the supplier">{text}</Message>
      <Actions>
        {typeof navigator !== 'undefined' && 'share' in navigator && (
          <Button $variant="secondary" onClick={() => void share()}>
            <Share2 size={18} aria-hidden="true" />
            Share
          </Button>
        )}
        <WhatsApp href={`https://wa.me/?text=${encodeURIComponent(text)}`} target="_blank" rel="noopener noreferrer">
          <MessageCircle size={18} aria-hidden="true" />
          WhatsApp
        </WhatsApp>
        <Button $variant="secondary" onClick={() => void copy()}>
          <Copy size={18} aria-hidden="true" />
          Copy
        </Button>
      </Actions>
    </>
  );
}
