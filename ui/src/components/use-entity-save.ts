import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

import { entityMessages, type FormConfig } from '@/components/entity-config';
import { isApiError } from '@/lib/api-client';
import type { Resource } from '@/lib/resource';
import { errorText } from '@/lib/error-text';
import { isQueued } from '@/lib/queued';
import { toast } from '@/lib/toast-store';

const CHANGED_ELSEWHERE =
  'it was changed by someone else after you opened it. The form now shows their version.';

interface SaveArgs<TRecord extends { id: number }, TValues extends FieldValues, TBody> {
  config: FormConfig<TRecord, TValues, TBody>;
  resource: Resource<TRecord, TBody>;
  record?: TRecord;
  setError: UseFormSetError<TValues>;
  onDone: () => void;
}

/**
 * Create, update and delete for EntityForm, with the SEED-SPEC §8 toasts. Server `issues` land
 * on their fields; after a 412 the record is reloaded so the form shows the other person's save.
 */
export function useEntitySave<TRecord extends { id: number }, TValues extends FieldValues, TBody>(
  args: SaveArgs<TRecord, TValues, TBody>,
) {
  const { config, resource, record, setError, onDone } = args;
  const queryClient = useQueryClient();
  const create = resource.useCreate();
  const update = resource.useUpdate();
  const remove = resource.useRemove();
  const voiding = resource.useVoid();
  const messages = entityMessages(config.entityLabel);
  // Why the server kept the record (409), while the offer to make it inactive is open.
  const [refused, setRefused] = useState<string | null>(null);
  const sections = config.settleNow ? [...config.sections, config.settleNow.section] : config.sections;
  // Each form field by its name, so an issue's path (a string) finds the field it names.
  const fields = new Map<string, Path<TValues>>(sections.flatMap((s) => s.fields.map((f): [string, Path<TValues>] => [f.name, f.name])));

  const fail = (description: string) => (error: unknown) => {
    if (isApiError(error, 412) && record) {
      // DESIGN §2: say the record was changed by someone else, in SEED-SPEC §8's error toast.
      void queryClient.invalidateQueries({ queryKey: resource.keys.detail(record.id) });
      toast({ title: 'Error', description: `${description}: ${CHANGED_ELSEWHERE}`, variant: 'destructive' });
      return;
    }
    // Issues on a form field land on it; others (a document line's) are said in the toast.
    const elsewhere: string[] = [];
    if (isApiError(error) && error.issues.length > 0) {
      for (const issue of error.issues) {
        const field = fields.get(issue.path);
        if (field) {
          setError(field, { type: 'server', message: issue.message });
        } else {
          elsewhere.push(issue.message);
        }
      }
    } else if (!isApiError(error) || error.status < 500) {
      // Not a field's problem (offline, signed out, throttled): why, in words; the form keeps what
      // was typed. A server fault keeps the seed's words alone.
      elsewhere.push(errorText(error));
    }
    const details = [...new Set(elsewhere)].join('; ');
    toast({ title: 'Error', description: details ? `${description}: ${details}` : description, variant: 'destructive' });
  };
  const succeed = <R>(description: string, savedAction?: (saved: R) => { label: string; onClick: () => void } | undefined) => (result: R) => {
    // Kept on the device (issue 47): the form closes, what was typed waits in the outbox.
    if (isQueued(result)) toast({ title: 'Saved on this device', description: `${config.entityLabel} waiting to sync: it is sent when the network is back.` });
    else toast({ title: 'Success', description, action: savedAction?.(result) });
    onDone();
  };

  const save = (values: TBody) => {
    const body = config.toCommandBody ? config.toCommandBody(values) : values;
    if (record) {
      update.mutate(
        { id: record.id, body },
        { onSuccess: succeed(messages.updated, config.savedAction), onError: fail(messages.updateFailed) },
      );
    } else {
      create.mutate(body, { onSuccess: succeed(messages.created, config.savedAction), onError: fail(messages.createFailed) });
    }
  };
  const destroy = () => {
    if (!record) return;
    remove.mutate(record.id, {
      onSuccess: succeed(messages.deleted),
      onError: (error) => {
        if (config.deleteConfirm?.orInactive && isApiError(error, 409)) setRefused(error.serverMessage ?? errorText(error));
        else fail(messages.deleteFailed)(error);
      },
    });
  };
  /** Kept as it is saved, made inactive: hidden from pickers, kept in lists and reports. */
  const makeInactive = () => {
    setRefused(null);
    if (!record) return;
    const body = { ...config.toFormValues(record), active: false } as unknown as TBody;
    update.mutate({ id: record.id, body }, { onSuccess: succeed(messages.updated), onError: fail(messages.updateFailed) });
  };

  const voidIt = (reason: string) => {
    if (!record) return;
    voiding.mutate({ id: record.id, reason }, { onSuccess: succeed(messages.voided), onError: fail(messages.voidFailed) });
  };

  return {
    save,
    destroy,
    voidIt,
    refused,
    dismissRefusal: () => setRefused(null),
    makeInactive,
    isSaving: create.isPending || update.isPending,
    isDeleting: remove.isPending || voiding.isPending,
  };
}
