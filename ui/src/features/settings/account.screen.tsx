import { zodResolver } from '@hookform/resolvers/zod';
import { api, isOneOf, type PasswordChange, PasswordChangeSchema, PERMISSION_LABELS, ROLE_DESCRIPTIONS, ROLE_LABELS, ROLE_PERMISSIONS, routes } from '@erp/contracts';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import styled from 'styled-components';
import type { z } from 'zod';

import { Button } from '@/components/button';
import { describedBy, FieldShell, Input } from '@/components/form-field';
import { Card, CardHeading, Main, Stack, TopBar } from '@/components/layout';
import { apiClient, isApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast-store';

const Facts = styled.dl`
  display: grid;
  grid-template-columns: auto minmax(0, 1fr);
  gap: 6px 12px;
  margin: 0;
  dt { color: ${({ theme }) => theme.colors.muted}; }
  dd { margin: 0; overflow-wrap: anywhere; font-weight: 600; }
`;

const Allowed = styled.ul`
  margin: 0;
  padding-left: 20px;
  font-size: 14px;
  li + li { margin-top: 4px; }
`;

type Values = PasswordChange & { confirmPassword: string };
const PASSWORD_FIELDS: readonly (keyof Values)[] = ['currentPassword', 'newPassword', 'confirmPassword'];

const PasswordFormSchema = PasswordChangeSchema.extend({ confirmPassword: PasswordChangeSchema.shape.newPassword }).refine(
  (v) => v.newPassword === v.confirmPassword,
  { message: 'The two new passwords are not the same', path: ['confirmPassword'] },
);

/** Your account: who you are signed in as, what your role lets you do, and your password. */
export function AccountScreen() {
  const user = useSession().data?.user;
  return (
    <>
      <TopBar title="Your Account" subtitle="Sign-in and password" back={{ to: routes.settings, label: 'Back to settings' }} />
      <Main>
        <Stack $gap={16}>
          {user && (
            <Card aria-labelledby="account-who">
              <CardHeading id="account-who">Signed In</CardHeading>
              <Facts>
                <dt>Username</dt>
                <dd>{user.username}</dd>
                <dt>Role</dt>
                <dd>{ROLE_LABELS[user.role]} — {ROLE_DESCRIPTIONS[user.role]}</dd>
              </Facts>
              <Allowed aria-label="What your role allows">
                {ROLE_PERMISSIONS[user.role].map((p) => <li key={p}>{PERMISSION_LABELS[p]}</li>)}
              </Allowed>
            </Card>
          )}
          <Card aria-labelledby="account-password">
            <CardHeading id="account-password">Change Password</CardHeading>
            <PasswordForm />
          </Card>
        </Stack>
      </Main>
    </>
  );
}

function PasswordForm() {
  const form = useForm<z.input<typeof PasswordFormSchema>, unknown, Values>({ resolver: zodResolver(PasswordFormSchema), defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' }, mode: 'onTouched' });
  const change = useMutation({ mutationFn: ({ currentPassword, newPassword }: Values) => apiClient.post<void>(api.auth.password, { currentPassword, newPassword }) });
  const errors = form.formState.errors;
  const submit = (values: Values) =>
    change.mutate(values, {
      onSuccess: () => {
        form.reset();
        toast({ title: 'Success', description: 'Password changed. Your other sign-ins have ended.' });
      },
      onError: (error) => {
        for (const issue of isApiError(error) ? error.issues : []) if (isOneOf(PASSWORD_FIELDS, issue.path)) form.setError(issue.path, { type: 'server', message: issue.message });
        toast({ title: 'Error', description: isApiError(error, 400) ? 'The password was not changed' : errorText(error), variant: 'destructive' });
      },
    });
  const field = (name: keyof Values, label: string, autoComplete: string, hint?: string) => (
    <FieldShell id={name} label={label} required hint={hint} error={errors[name]?.message}>
      <Input
        id={name}
        type="password"
        autoComplete={autoComplete}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={describedBy(name, hint, errors[name]?.message)}
        {...form.register(name)}
      />
    </FieldShell>
  );
  return (
    <form noValidate aria-label="Change Password" onSubmit={form.handleSubmit(submit)}>
      <Stack $gap={14}>
        {field('currentPassword', 'Current Password', 'current-password')}
        {field('newPassword', 'New Password', 'new-password', 'At least 8 characters')}
        {field('confirmPassword', 'New Password Again', 'new-password')}
        <div>
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? 'Saving...' : 'Change Password'}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
