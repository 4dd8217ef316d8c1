import * as AlertDialog from '@radix-ui/react-alert-dialog';
import styled, { keyframes } from 'styled-components';

import { useState } from 'react';

import { Button } from '@/components/button';
import { FieldShell, Textarea } from '@/components/form-field';

const fadeIn = keyframes`from { opacity: 0; } to { opacity: 1; }`;
const popIn = keyframes`from { opacity: 0; transform: translate(-50%, -46%) scale(0.97); }
  to { opacity: 1; transform: translate(-50%, -50%) scale(1); }`;

const Overlay = styled(AlertDialog.Overlay)`
  position: fixed;
  inset: 0;
  z-index: 50;
  background: rgba(15, 23, 42, 0.5);
  animation: ${fadeIn} 0.15s ease-out;
`;

const Content = styled(AlertDialog.Content)`
  position: fixed;
  z-index: 51;
  left: 50%;
  top: 50%;
  transform: translate(-50%, -50%);
  width: calc(100vw - 32px);
  max-width: 420px;
  padding: 24px;
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radius.lg};
  box-shadow: ${({ theme }) => theme.shadow.raised};
  animation: ${popIn} 0.18s ease-out;
`;

const Title = styled(AlertDialog.Title)`
  font-size: 18px;
  font-weight: 700;
  margin: 0 0 8px;
`;

const Description = styled(AlertDialog.Description)`
  margin: 0;
  color: ${({ theme }) => theme.colors.muted};
`;

const Actions = styled.div`
  display: flex;
  flex-direction: column-reverse;
  gap: 10px;
  margin-top: 24px;
  @media (min-width: 480px) { flex-direction: row; justify-content: flex-end; }
`;

const DangerButton = styled(Button)`
  background: ${({ theme }) => theme.colors.danger};
  color: #fff;
  &:hover:not(:disabled) { background: ${({ theme }) => theme.colors.dangerHover}; }
`;

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel?: string;
  /** The button that changes nothing: 'Cancel', or 'Keep editing'. */
  cancelLabel?: string;
  /** Ask why (a void): the confirm button waits for a reason, which is handed to onConfirm. */
  reasonLabel?: string;
  onConfirm: (reason: string) => void;
  /** `primary` for a confirmation that destroys nothing (Convert to Customer); red by default. */
  tone?: 'danger' | 'primary';
}

const ReasonBox = styled.div`
  margin-top: 16px;
`;

/** A destructive confirmation (Radix AlertDialog): Cancel gets the initial focus. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, onOpenChange, title, description, confirmLabel = 'Delete', cancelLabel = 'Cancel', reasonLabel, onConfirm, tone = 'danger' } = props;
  const Confirm = tone === 'danger' ? DangerButton : Button;
  const [reason, setReason] = useState('');
  const missing = reasonLabel !== undefined && reason.trim() === '';
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <Overlay />
        <Content>
          <Title>{title}</Title>
          <Description>{description}</Description>
          {reasonLabel && (
            <ReasonBox>
              <FieldShell id="confirm-reason" label={reasonLabel} required>
                <Textarea id="confirm-reason" rows={3} value={reason} maxLength={200} aria-required onChange={(event) => setReason(event.target.value)} />
              </FieldShell>
            </ReasonBox>
          )}
          <Actions>
            <AlertDialog.Cancel asChild>
              <Button $variant="secondary">{cancelLabel}</Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <Confirm disabled={missing} onClick={() => onConfirm(reason.trim())}>
                {confirmLabel}
              </Confirm>
            </AlertDialog.Action>
          </Actions>
        </Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
