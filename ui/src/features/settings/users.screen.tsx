import { zodResolver } from '@hookform/resolvers/zod';
import { api, byId, isOneOf, type NewUser, NewUserSchema, ROLE_DESCRIPTIONS, ROLE_LABELS, ROLES, type Role, routes, type User, type UserChange, UserSchema } from '@erp/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRound, Plus, UserX, UserCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import styled from 'styled-components';
import { z } from 'zod';

import { Button } from '@/components/button';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Badge } from '@/components/entity-card';
import { EmptyState } from '@/components/empty-state';
import { describedBy, FieldShell, Input, Select } from '@/components/form-field';
import { Card, CardHeading, Main, Stack, TopBar } from '@/components/layout';
import { Spinner } from '@/components/spinner';
import { apiClient, isApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast-store';

const USERS_KEY = ['settings', 'users'] as const;
const NEW_USER_FIELDS = NewUserSchema.keyof().options;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
`;

const Name = styled.h2`
  font-size: 17px;
  font-weight: 700;
  margin: 0;
  overflow-wrap: anywhere;
  flex: 1 1 auto;
`;

const Muted = styled.p`
  font-size: 14px;
  color: ${({ theme }) => theme.colors.muted};
`;

const roleOptions = ROLES.map((role) => <option key={role} value={role}>{ROLE_LABELS[role]}</option>);

/** What went wrong, as the server said it (a 409 says which rule), else in general words. */
const failed = (error: unknown) =>
  toast({ title: 'Error', description: isApiError(error) && error.status < 500 && error.serverMessage ? error.serverMessage : errorText(error), variant: 'destructive' });

/** The owner's users: add one with a role, change a role, set a new password, disable or enable. */
export function UsersScreen() {
  const users = useQuery({ queryKey: USERS_KEY, queryFn: async () => z.array(UserSchema).parse(await apiClient.get(api.users)) });
  const [adding, setAdding] = useState(false);
  return (
    <>
      <TopBar
        title="Users"
        subtitle="Who signs in, and what each may do"
        back={{ to: routes.settings, label: 'Back to settings' }}
        actions={!adding && (
          <Button onClick={() => setAdding(true)}>
            <Plus size={18} aria-hidden="true" />
            Add User
          </Button>
        )}
      />
      <Main>
        <Stack $gap={14}>
          {adding && <NewUserForm onDone={() => setAdding(false)} />}
          {users.isPending && <Spinner label="Loading users" />}
          {users.isError && <EmptyState message={`Could not load users. ${errorText(users.error)}`} />}
          {users.data?.map((user) => <UserCard key={user.id} user={user} />)}
        </Stack>
      </Main>
    </>
  );
}

function useUserChange(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: UserChange) => apiClient.put<User>(byId(api.users, id), change),
    onSettled: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
  });
}

function UserCard({ user }: { user: User }) {
  const me = useSession().data?.user;
  const change = useUserChange(user.id);
  const [confirming, setConfirming] = useState(false);
  const [resetting, setResetting] = useState(false);
  const setRole = (role: Role) =>
    change.mutate({ role }, { onSuccess: () => toast({ title: 'Success', description: `${user.username} is now ${ROLE_LABELS[role]}` }), onError: failed });
  const setDisabled = (disabled: boolean) =>
    change.mutate({ disabled }, {
      onSuccess: () => toast({ title: 'Success', description: disabled ? `${user.username} is disabled and signed out` : `${user.username} can sign in again` }),
      onError: failed,
    });
  const roleId = `user-${user.id}-role`;
  return (
    <Card aria-labelledby={`user-${user.id}`}>
      <Stack $gap={10}>
        <Row>
          <Name id={`user-${user.id}`}>{user.username}</Name>
          {user.id === me?.id && <Badge $tone="blue">You</Badge>}
          {user.disabled ? <Badge $tone="red">Disabled</Badge> : <Badge $tone="green">{ROLE_LABELS[user.role]}</Badge>}
        </Row>
        <FieldShell id={roleId} label="Role" hint={ROLE_DESCRIPTIONS[user.role]}>
          <Select id={roleId} value={user.role} disabled={change.isPending} aria-describedby={`${roleId}-hint`} onChange={(e) => isOneOf(ROLES, e.target.value) && setRole(e.target.value)}>
            {roleOptions}
          </Select>
        </FieldShell>
        <Row>
          <Button $variant="secondary" onClick={() => setResetting(!resetting)} aria-expanded={resetting}>
            <KeyRound size={18} aria-hidden="true" />
            Set Password
          </Button>
          {user.id !== me?.id && (user.disabled ? (
            <Button $variant="secondary" disabled={change.isPending} onClick={() => setDisabled(false)}>
              <UserCheck size={18} aria-hidden="true" />
              Enable
            </Button>
          ) : (
            <Button $variant="danger" disabled={change.isPending} onClick={() => setConfirming(true)}>
              <UserX size={18} aria-hidden="true" />
              Disable
            </Button>
          ))}
        </Row>
        {resetting && <PasswordReset user={user} onDone={() => setResetting(false)} />}
      </Stack>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Disable ${user.username}?`}
        description="They are signed out everywhere at once and cannot sign in until you enable them again. What they recorded stays."
        confirmLabel="Disable"
        onConfirm={() => setDisabled(true)}
      />
    </Card>
  );
}

const ResetSchema = z.object({ password: NewUserSchema.shape.password });

function PasswordReset({ user, onDone }: { user: User; onDone: () => void }) {
  const form = useForm<{ password: string }>({ resolver: zodResolver(ResetSchema), defaultValues: { password: '' } });
  const reset = useMutation({ mutationFn: (body: { password: string }) => apiClient.post<void>(`${byId(api.users, user.id)}/password`, body) });
  const id = `user-${user.id}-password`;
  const error = form.formState.errors.password?.message;
  const submit = (body: { password: string }) =>
    reset.mutate(body, {
      onSuccess: () => {
        toast({ title: 'Success', description: `New password set for ${user.username}; their sign-ins have ended` });
        onDone();
      },
      onError: failed,
    });
  return (
    <form noValidate aria-label={`New password for ${user.username}`} onSubmit={form.handleSubmit(submit)}>
      <Stack $gap={10}>
        <FieldShell id={id} label="New Password" required hint="At least 8 characters; tell it to them in person" error={error}>
          <Input id={id} type="password" autoComplete="new-password" aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, 'hint', error)} {...form.register('password')} />
        </FieldShell>
        <Row>
          <Button type="submit" disabled={reset.isPending}>{reset.isPending ? 'Saving...' : 'Save Password'}</Button>
          <Button $variant="secondary" onClick={onDone}>Cancel</Button>
        </Row>
      </Stack>
    </form>
  );
}

function NewUserForm({ onDone }: { onDone: () => void }) {
  const queryClient = useQueryClient();
  const form = useForm<z.input<typeof NewUserSchema>, unknown, NewUser>({ resolver: zodResolver(NewUserSchema), defaultValues: { username: '', password: '', role: 'staff' }, mode: 'onTouched' });
  const create = useMutation({ mutationFn: (body: NewUser) => apiClient.post<User>(api.users, body) });
  const errors = form.formState.errors;
  const role = useWatch({ control: form.control, name: 'role' });
  const submit = (body: NewUser) =>
    create.mutate(body, {
      onSuccess: async (user) => {
        toast({ title: 'Success', description: `${user.username} can now sign in as ${ROLE_LABELS[user.role]}` });
        await queryClient.invalidateQueries({ queryKey: USERS_KEY });
        onDone();
      },
      onError: (error) => {
        if (isApiError(error, 409)) form.setError('username', { type: 'server', message: error.serverMessage ?? 'Already in use' });
        for (const issue of isApiError(error) ? error.issues : []) if (isOneOf(NEW_USER_FIELDS, issue.path)) form.setError(issue.path, { type: 'server', message: issue.message });
        failed(error);
      },
    });
  return (
    <Card aria-labelledby="new-user">
      <CardHeading id="new-user">Add User</CardHeading>
      <Muted>They sign in with this username and password; they can change the password themselves.</Muted>
      <form noValidate aria-label="Add User" onSubmit={form.handleSubmit(submit)}>
        <Stack $gap={14}>
          <FieldShell id="new-username" label="Username" required error={errors.username?.message}>
            <Input id="new-username" autoComplete="off" autoCapitalize="none" aria-invalid={errors.username ? true : undefined} aria-describedby={describedBy('new-username', undefined, errors.username?.message)} {...form.register('username')} />
          </FieldShell>
          <FieldShell id="new-password" label="Password" required hint="At least 8 characters" error={errors.password?.message}>
            <Input id="new-password" type="password" autoComplete="new-password" aria-invalid={errors.password ? true : undefined} aria-describedby={describedBy('new-password', 'hint', errors.password?.message)} {...form.register('password')} />
          </FieldShell>
          <FieldShell id="new-role" label="Role" required hint={ROLE_DESCRIPTIONS[role]}>
            <Select id="new-role" aria-describedby="new-role-hint" {...form.register('role')}>{roleOptions}</Select>
          </FieldShell>
          <Row>
            <Button type="submit" disabled={create.isPending}>{create.isPending ? 'Saving...' : 'Create User'}</Button>
            <Button $variant="secondary" onClick={onDone}>Cancel</Button>
          </Row>
        </Stack>
      </form>
    </Card>
  );
}
