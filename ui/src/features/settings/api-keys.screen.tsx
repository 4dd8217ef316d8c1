import { api, type ApiKey, ApiKeySchema, byId, type CreatedApiKey, CreatedApiKeySchema, isOneOf, type Role, ROLE_DESCRIPTIONS, ROLE_LABELS, ROLES } from '@erp/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import styled from 'styled-components';
import { z } from 'zod';

import { Button } from '@/components/button';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Badge } from '@/components/entity-card';
import { describedBy, FieldShell, Input, Select } from '@/components/form-field';
import { Card, CardHeading, Stack } from '@/components/layout';
import { apiClient, isApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { formatDateTime } from '@/lib/format';
import { ShownOnceList } from '@/features/settings/shown-once-list';
import { toast } from '@/lib/toast-store';

const KEYS_KEY = ['settings', 'api-keys'] as const;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
`;

const Name = styled.h2`
  font-size: 16px;
  font-weight: 700;
  margin: 0;
  overflow-wrap: anywhere;
  flex: 1 1 10rem;
`;

const Muted = styled.p`
  font-size: 14px;
  color: ${({ theme }) => theme.colors.muted};
  overflow-wrap: anywhere;
`;

const Secret = styled.code`
  display: block;
  padding: 10px 12px;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  font-size: 15px;
  overflow-wrap: anywhere;
`;

const failed = (error: unknown) =>
  toast({ title: 'Error', description: isApiError(error) && error.status < 500 && error.serverMessage ? error.serverMessage : errorText(error), variant: 'destructive' });

const expired = (key: ApiKey) => key.expiresAt !== null && Date.parse(key.expiresAt) <= Date.now();

/** The owner's API keys (issue 46): make one with a role and an expiry, see it once, watch its last use, revoke it. */
export function ApiKeysScreen() {
  // Read again whenever the screen opens: last use moves while it is closed.
  const keys = useQuery({ queryKey: KEYS_KEY, queryFn: async () => z.array(ApiKeySchema).parse(await apiClient.get(api.apiKeys)), refetchOnMount: 'always' });
  return (
    <ShownOnceList<ApiKey, CreatedApiKey>
      title="API Keys"
      subtitle="For your other software"
      addLabel="New Key"
      plural="API keys"
      empty="No API keys yet. Make one for each program that connects."
      list={keys}
      form={(onDone) => <NewKeyForm onDone={onDone} />}
      once={(made, onDone) => <KeyOnce apiKey={made} onDone={onDone} />}
      card={(key) => <KeyCard key={key.id} apiKey={key} />}
    />
  );
}

/** The key, in the create's answer only: copy it now; it cannot be shown again. */
function KeyOnce({ apiKey, onDone }: { apiKey: CreatedApiKey; onDone: () => void }) {
  const copy = () =>
    navigator.clipboard.writeText(apiKey.key).then(
      () => toast({ title: 'Success', description: 'Key copied' }),
      () => toast({ title: 'Error', description: 'Could not copy; select the key and copy it by hand', variant: 'destructive' }),
    );
  return (
    <Card aria-labelledby="api-key-once">
      <CardHeading id="api-key-once">Copy the key now</CardHeading>
      <Stack $gap={10}>
        <Muted>It is shown this once, for {apiKey.name}. Put it in the program as: Authorization: Bearer and the key.</Muted>
        <Secret data-testid="api-key">{apiKey.key}</Secret>
        <Row>
          <Button onClick={() => void copy()}>Copy</Button>
          <Button $variant="secondary" onClick={onDone}>I have saved it</Button>
        </Row>
      </Stack>
    </Card>
  );
}

function KeyCard({ apiKey }: { apiKey: ApiKey }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const revoke = useMutation({
    mutationFn: () => apiClient.delete(byId(api.apiKeys, apiKey.id)),
    onSuccess: () => toast({ title: 'Success', description: `${apiKey.name} revoked; it no longer works` }),
    onError: failed,
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEYS_KEY }),
  });
  const headingId = `api-key-${apiKey.id}`;
  const live = apiKey.revokedAt === null && !expired(apiKey);
  return (
    <Card aria-labelledby={headingId}>
      <Stack $gap={8}>
        <Row>
          <Name id={headingId}>{apiKey.name}</Name>
          {apiKey.revokedAt ? <Badge $tone="red">Revoked</Badge> : expired(apiKey) ? <Badge $tone="grey">Expired</Badge> : <Badge $tone="green">{ROLE_LABELS[apiKey.role]}</Badge>}
        </Row>
        <Muted>
          {apiKey.prefix}… · made {formatDateTime(apiKey.createdAt)}
          {apiKey.expiresAt ? ` · expires ${formatDateTime(apiKey.expiresAt)}` : ' · never expires'}
        </Muted>
        <Muted>{apiKey.lastUsedAt ? `Last used ${formatDateTime(apiKey.lastUsedAt)}` : 'Not used yet'}</Muted>
        {live && (
          <Row>
            <Button $variant="danger" disabled={revoke.isPending} onClick={() => setConfirming(true)}>
              <Trash2 size={18} aria-hidden="true" />
              Revoke
            </Button>
          </Row>
        )}
      </Stack>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Revoke API Key"
        confirmLabel="Revoke"
        description={`Are you sure you want to revoke ${apiKey.name}? Programs using it stop working at once. This action cannot be undone.`}
        onConfirm={() => revoke.mutate()}
      />
    </Card>
  );
}

type Field = 'name' | 'role' | 'expiresAt';

function NewKeyForm({ onDone }: { onDone: (created: CreatedApiKey | null) => void }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [role, setRole] = useState<Role>('viewer');
  const [expiresAt, setExpiresAt] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const create = useMutation({ mutationFn: async () => CreatedApiKeySchema.parse(await apiClient.post(api.apiKeys, { name, role, expiresAt: expiresAt || null })) });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setErrors({ name: 'Required' });
    create.mutate(undefined, {
      onSuccess: async (made) => {
        toast({ title: 'Success', description: 'API key made; copy it now' });
        await queryClient.invalidateQueries({ queryKey: KEYS_KEY });
        onDone(made);
      },
      onError: (e) => {
        setErrors(Object.fromEntries((isApiError(e) ? e.issues : []).map((i) => [i.path, i.message])));
        failed(e);
      },
    });
  };
  return (
    <Card aria-labelledby="new-api-key">
      <CardHeading id="new-api-key">New API Key</CardHeading>
      <form noValidate aria-label="New API Key" onSubmit={submit}>
        <Stack $gap={14}>
          <FieldShell id="key-name" label="Name" required hint="Which program uses it, e.g. Tally sync" error={errors.name}>
            <Input id="key-name" autoComplete="off" maxLength={100} value={name} aria-invalid={errors.name ? true : undefined} aria-describedby={describedBy('key-name', 'hint', errors.name)} onChange={(e) => setName(e.target.value)} />
          </FieldShell>
          <FieldShell id="key-role" label="Role" required hint={ROLE_DESCRIPTIONS[role]} error={errors.role}>
            <Select id="key-role" value={role} aria-describedby={describedBy('key-role', 'hint', errors.role)} onChange={(e) => isOneOf(ROLES, e.target.value) && setRole(e.target.value)}>
              {ROLES.map((r) => <option key={r} value={r}>{ROLE_LABELS[r]}</option>)}
            </Select>
          </FieldShell>
          <FieldShell id="key-expires" label="Expires" hint="Blank: never. The key works through this day." error={errors.expiresAt}>
            <Input id="key-expires" type="date" value={expiresAt} aria-invalid={errors.expiresAt ? true : undefined} aria-describedby={describedBy('key-expires', 'hint', errors.expiresAt)} onChange={(e) => setExpiresAt(e.target.value)} />
          </FieldShell>
          <Row>
            <Button type="submit" disabled={create.isPending}>{create.isPending ? 'Saving...' : 'Create Key'}</Button>
            <Button $variant="secondary" onClick={() => onDone(null)}>Cancel</Button>
          </Row>
        </Stack>
      </form>
    </Card>
  );
}
