import { type Lock, lockPath, LOCKS_PATH, LocksAnswerSchema } from '@erp/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Lock as LockIcon, LockOpen } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import styled from 'styled-components';

import { Button } from '@/components/button';
import { FieldShell, Input } from '@/components/form-field';
import { Card, CardHeading, Stack } from '@/components/layout';
import { apiClient, isApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { queryKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast-store';

/** 2026-03-31 → 31-03-2026, as the refusal says it. */
const shown = (date: string) => `${date.slice(8, 10)}-${date.slice(5, 7)}-${date.slice(0, 4)}`;

const Row = styled.form`
  display: flex;
  flex-wrap: wrap;
  gap: 10px;
  align-items: flex-end;
  & > div {
    flex: 1 1 200px;
    min-width: 0;
  }
`;

const History = styled.ul`
  margin: 0;
  padding-left: 18px;
  font-size: 0.875rem;
  overflow-wrap: anywhere;
`;

const said = (h: Lock['history'][number]) =>
  `${h.type === 'PeriodLocked' ? `Locked up to ${shown(h.upTo!)}` : h.upTo ? `Unlocked back to ${shown(h.upTo)}` : 'Unlocked'} by ${h.user ?? 'someone'}, ${new Date(h.at).toLocaleDateString('en-IN')}${h.reason ? `: ${h.reason}` : ''}`;

/**
 * Settings → Lock books (issue 43): up to the date the owner locks, nothing is recorded, changed
 * or voided; unlocking asks why. Others see whether the books are locked.
 */
export function LockBooks({ mayEdit }: { mayEdit: boolean }) {
  const queryClient = useQueryClient();
  // Read afresh each time the screen opens: a lock kept on the device from before may be out of date.
  const locks = useQuery({ queryKey: queryKeys.locks, queryFn: async () => LocksAnswerSchema.parse(await apiClient.get(LOCKS_PATH)), refetchOnMount: 'always' });
  const books = locks.data?.locks.find((l) => l.scope === 'books');
  const [upTo, setUpTo] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ upTo?: string; reason?: string }>({});
  const save = useMutation({
    mutationFn: (body: { upTo: string | null; reason: string | null }) => apiClient.put(lockPath('books'), body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.locks }),
  });
  const send = (body: { upTo: string | null; reason: string | null }, done: string) =>
    save.mutate(body, {
      onSuccess: () => {
        setErrors({});
        setReason('');
        toast({ title: 'Success', description: done });
      },
      onError: (error) => {
        const issues = isApiError(error) ? error.issues : [];
        setErrors(Object.fromEntries(issues.map((i) => [i.path, i.message])));
        toast({ title: 'Error', description: issues.length > 0 ? issues.map((i) => i.message).join('; ') : errorText(error), variant: 'destructive' });
      },
    });
  const lock = (event: FormEvent) => {
    event.preventDefault();
    if (!upTo) return setErrors({ upTo: 'Choose the last day to lock' });
    send({ upTo, reason: null }, `Books locked up to ${shown(upTo)}`);
  };
  const unlock = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return setErrors({ reason: 'Say why you unlock the books' });
    send({ upTo: null, reason: reason.trim() }, 'Books unlocked');
  };
  return (
    <Card aria-labelledby="lock-books">
      <Stack $gap={12}>
        <CardHeading id="lock-books">Lock Books</CardHeading>
        <p role="status">{books?.upTo ? `The books are locked up to ${shown(books.upTo)}: nothing dated on or before it can be added, changed or voided.` : 'The books are open: any date can be entered.'}</p>
        {mayEdit && (
          <Row aria-label="Lock books" onSubmit={lock} noValidate>
            <FieldShell id="lock-up-to" label="Lock up to" error={errors.upTo} hint="Usually the last day of a month or year you have finished">
              <Input id="lock-up-to" type="date" value={upTo} onChange={(e) => setUpTo(e.target.value)} aria-invalid={errors.upTo ? true : undefined} />
            </FieldShell>
            <Button type="submit" disabled={save.isPending}>
              <LockIcon size={18} aria-hidden="true" />
              Lock
            </Button>
          </Row>
        )}
        {mayEdit && books?.upTo && (
          <Row aria-label="Unlock books" onSubmit={unlock} noValidate>
            <FieldShell id="unlock-reason" label="Reason to unlock" error={errors.reason}>
              <Input id="unlock-reason" value={reason} maxLength={200} onChange={(e) => setReason(e.target.value)} aria-invalid={errors.reason ? true : undefined} />
            </FieldShell>
            <Button type="submit" $variant="secondary" disabled={save.isPending}>
              <LockOpen size={18} aria-hidden="true" />
              Unlock
            </Button>
          </Row>
        )}
        {books && books.history.length > 0 && (
          <History aria-label="Lock history">
            {books.history.slice(0, 5).map((h) => (
              <li key={h.at + h.type}>{said(h)}</li>
            ))}
          </History>
        )}
      </Stack>
    </Card>
  );
}
