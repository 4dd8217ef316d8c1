import { Ban, Trash2 } from 'lucide-react';
import { useState } from 'react';
import styled from 'styled-components';

import { Button } from '@/components/button';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { OfflineNotice } from '@/components/offline-notice';

const Bar = styled.div`
  display: flex;
  flex-direction: column;
  gap: 10px;
  @media (min-width: 640px) {
    flex-direction: row;
    align-items: center;
    & > :last-child:not(:first-child) { margin-left: auto; }
  }
`;

const Main = styled.div`
  display: flex;
  flex-direction: column;
  gap: 10px;
  @media (min-width: 640px) { flex-direction: row; }
`;

export interface FormActionsProps {
  submitLabel: string;
  isSaving: boolean;
  isBusy: boolean;
  onCancel: () => void;
  deleteConfirm?: { title: string; body: string };
  onDelete: () => void;
  /** Void (payments, receipts) behind a confirmation that asks why. */
  voidConfirm?: { title: string; body: string };
  onVoid?: (reason: string) => void;
  /** Nothing to save (a voided record): Back only. */
  readOnly?: boolean;
  /** The request Save sends: offline, the form says whether it is kept on the device. */
  saves?: { method: 'POST' | 'PUT'; path: string };
  /** A delete the server refused (documents name the record): why, and the offer to make it inactive. */
  refused?: { label: string; reason: string; dismiss: () => void; makeInactive: () => void } | null;
  /** The submit button is elsewhere (a phone's document form has it in its bottom bar). */
  submitElsewhere?: boolean;
}

/** Submit, 'Saving...' while pending. */
export const SubmitButton = (props: { label: string; isSaving: boolean; isBusy: boolean }) => (
  <Button type="submit" disabled={props.isBusy}>
    {props.isSaving ? 'Saving...' : props.label}
  </Button>
);

/** Submit ('Saving...' while pending), Cancel, and Delete or Void behind a confirmation. */
export function FormActions(props: FormActionsProps) {
  const { submitLabel, isSaving, isBusy, onCancel, deleteConfirm, onDelete, voidConfirm, onVoid, readOnly, saves, refused, submitElsewhere } = props;
  const [isConfirming, setConfirming] = useState(false);
  const [isVoiding, setVoiding] = useState(false);
  if (readOnly) {
    return (
      <Bar>
        <Button $variant="secondary" onClick={onCancel}>
          Back to list
        </Button>
      </Bar>
    );
  }
  return (
    <>
      {saves && <OfflineNotice {...saves} />}
      <Bar>
        <Main>
          {!submitElsewhere && <SubmitButton label={submitLabel} isSaving={isSaving} isBusy={isBusy} />}
          <Button $variant="secondary" onClick={onCancel} disabled={isBusy}>
            Cancel
          </Button>
        </Main>
        {voidConfirm && onVoid && (
          <>
            <Button $variant="danger" onClick={() => setVoiding(true)} disabled={isBusy}>
              <Ban size={18} aria-hidden="true" />
              Void
            </Button>
            <ConfirmDialog
              open={isVoiding}
              onOpenChange={setVoiding}
              title={voidConfirm.title}
              description={voidConfirm.body}
              confirmLabel="Void"
              reasonLabel="Reason"
              onConfirm={onVoid}
            />
          </>
        )}
        {deleteConfirm && (
          <>
            <Button $variant="danger" onClick={() => setConfirming(true)} disabled={isBusy}>
              <Trash2 size={18} aria-hidden="true" />
              Delete
            </Button>
            <ConfirmDialog
              open={isConfirming}
              onOpenChange={setConfirming}
              title={deleteConfirm.title}
              description={deleteConfirm.body}
              onConfirm={onDelete}
            />
            <ConfirmDialog
              open={Boolean(refused)}
              onOpenChange={(open) => !open && refused?.dismiss()}
              title={`This ${refused?.label.toLowerCase() ?? 'record'} cannot be deleted`}
              description={refused?.reason ?? ''}
              confirmLabel="Make inactive"
              tone="primary"
              onConfirm={() => refused?.makeInactive()}
            />
          </>
        )}
      </Bar>
    </>
  );
}
