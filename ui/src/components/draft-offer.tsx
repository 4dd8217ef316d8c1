import styled from 'styled-components';

import { Button } from '@/components/button';

const Box = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 12px;
  padding: 12px;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: #eff6ff;
  color: #1e3a8a;
  font-size: 15px;
  p { flex: 1 1 220px; margin: 0; }
`;

const time = (iso: string) => new Date(iso).toLocaleString('en-IN', { timeZone: 'Asia/Kolkata', day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' });

/** A draft found when a form opens: what was typed before a reload or a closed tab, offered back. */
export function DraftOffer({ at, onRestore, onDismiss }: { at: string; onRestore: () => void; onDismiss: () => void }) {
  return (
    <Box role="status">
      <p>Changes you had not saved ({time(at)}) were kept on this device.</p>
      <Button onClick={onRestore}>Restore</Button>
      <Button $variant="secondary" onClick={onDismiss}>
        Discard
      </Button>
    </Box>
  );
}
