import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import styled from 'styled-components';

import { Button } from '@/components/button';
import { ConfirmDialog } from '@/components/confirm-dialog';

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
}

/** Submit ('Saving...' while pending), Cancel, and Delete behind a confirmation. */
export function FormActions(props: FormActionsProps) {
  const { submitLabel, isSaving, isBusy, onCancel, deleteConfirm, onDelete } = props;
  const [isConfirming, setConfirming] = useState(false);
  return (
    <Bar>
      <Main>
        <Button type="submit" disabled={isBusy}>
          {isSaving ? 'Saving...' : submitLabel}
        </Button>
        <Button $variant="secondary" onClick={onCancel} disabled={isBusy}>
          Cancel
        </Button>
      </Main>
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
        </>
      )}
    </Bar>
  );
}
