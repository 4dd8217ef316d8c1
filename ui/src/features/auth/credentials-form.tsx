import { zodResolver } from '@hookform/resolvers/zod';
import { CredentialsSchema, SetupSchema, type SetupBody } from '@erp/contracts';
import { useForm } from 'react-hook-form';
import styled from 'styled-components';

import { Button } from '@/components/button';
import { describedBy, FieldShell, Input } from '@/components/form-field';
import { isApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: 16px;
`;

const Alert = styled.p`
  padding: 10px 12px;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.colors.dangerSoft};
  color: ${({ theme }) => theme.colors.dangerText};
  font-size: 14px;
  font-weight: 500;
`;

export interface CredentialsFormProps {
  mode: 'setup' | 'login';
  submitLabel: string;
  pendingLabel: string;
  isPending: boolean;
  error: unknown;
  /** Setup also sends the one-time setup code; login sends username and password. */
  onSubmit: (credentials: SetupBody) => void;
}

/** The sign-in's own messages (a wrong password, the throttle) as the server words them. */
const signInError = (error: unknown) => {
  if (!error) return null;
  if (isApiError(error) && error.status < 500 && error.serverMessage) return error.serverMessage;
  return errorText(error);
};

/** Username and password, validated by the same contracts schema as the server. */
export function CredentialsForm(props: CredentialsFormProps) {
  const { mode, submitLabel, pendingLabel, isPending, error, onSubmit } = props;
  const form = useForm<SetupBody>({
    // Login has no setup code: its schema leaves the field out of what is sent.
    resolver: zodResolver(mode === 'setup' ? SetupSchema : CredentialsSchema) as never,
    defaultValues: { username: '', password: '', setupCode: '' },
  });
  const errors = form.formState.errors;
  const hint = mode === 'setup' ? 'At least 8 characters' : undefined;
  const codeHint = 'Printed where the server was started (the window running npm start)';
  const message = signInError(error);
  // A wrong setup code is said on its field, not only above the form.
  const codeIssue = isApiError(error) ? error.issues.find((i) => i.path === 'setupCode')?.message : undefined;
  const codeError = errors.setupCode?.message ?? codeIssue;
  return (
    <Form noValidate onSubmit={form.handleSubmit(onSubmit)}>
      {message && <Alert role="alert">{message}</Alert>}
      {mode === 'setup' && (
        <FieldShell id="setupCode" label="Setup code" hint={codeHint} error={codeError}>
          <Input
            id="setupCode"
            autoComplete="one-time-code"
            autoCapitalize="characters"
            spellCheck={false}
            aria-invalid={codeError ? true : undefined}
            aria-describedby={describedBy('setupCode', codeHint, codeError)}
            {...form.register('setupCode')}
          />
        </FieldShell>
      )}
      <FieldShell id="username" label="Username" error={errors.username?.message}>
        <Input
          id="username"
          autoComplete="username"
          autoCapitalize="none"
          aria-invalid={errors.username ? true : undefined}
          aria-describedby={describedBy('username', undefined, errors.username?.message)}
          {...form.register('username')}
        />
      </FieldShell>
      <FieldShell id="password" label="Password" hint={hint} error={errors.password?.message}>
        <Input
          id="password"
          type="password"
          autoComplete={mode === 'setup' ? 'new-password' : 'current-password'}
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={describedBy('password', hint, errors.password?.message)}
          {...form.register('password')}
        />
      </FieldShell>
      <Button type="submit" $block disabled={isPending}>
        {isPending ? pendingLabel : submitLabel}
      </Button>
    </Form>
  );
}
