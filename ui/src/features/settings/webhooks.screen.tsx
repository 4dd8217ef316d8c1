import { zodResolver } from '@hookform/resolvers/zod';
import { api, byId, type CreatedWebhook, CreatedWebhookSchema, type NewWebhook, NewWebhookSchema, type Webhook, type WebhookChangeSchema, type WebhookDelivery, WebhookDeliverySchema, WebhookSchema } from '@erp/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import styled from 'styled-components';
import { z } from 'zod';

import { Button } from '@/components/button';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Badge } from '@/components/entity-card';
import type { BadgeTone } from '@/components/entity-config';
import { describedBy, FieldShell, Input } from '@/components/form-field';
import { Card, CardHeading, Stack } from '@/components/layout';
import { EVENT_TYPE_GROUPS } from '@/features/settings/webhook-event-types';
import { apiClient, isApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { formatDateTime } from '@/lib/format';
import { ShownOnceList } from '@/features/settings/shown-once-list';
import { toast } from '@/lib/toast-store';

const WEBHOOKS_KEY = ['settings', 'webhooks'] as const;
const deliveriesKey = (id: number) => [...WEBHOOKS_KEY, id, 'deliveries'] as const;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
`;

const Url = styled.h2`
  font-size: 16px;
  font-weight: 700;
  margin: 0;
  overflow-wrap: anywhere;
  flex: 1 1 12rem;
`;

const Muted = styled.p`
  font-size: 14px;
  color: ${({ theme }) => theme.colors.muted};
  overflow-wrap: anywhere;
`;

const Group = styled.details`
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radius.sm};
  padding: 0 12px;
  summary { min-height: ${({ theme }) => theme.touch}; display: flex; align-items: center; cursor: pointer; font-weight: 600; }
  fieldset { border: 0; margin: 0; padding: 0 0 10px; min-width: 0; display: grid; gap: 4px; }
  @media (min-width: 768px) { fieldset { grid-template-columns: repeat(2, minmax(0, 1fr)); } }
  legend { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
  label { display: flex; align-items: center; gap: 10px; min-height: 40px; font-size: 15px; overflow-wrap: anywhere; }
  input { width: 20px; height: 20px; flex: none; }
`;

const Secret = styled.code`
  display: block;
  padding: 10px 12px;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  font-size: 15px;
  overflow-wrap: anywhere;
`;

const Deliveries = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 8px;
  li { border-top: 1px solid ${({ theme }) => theme.colors.border}; padding-top: 8px; }
  h4 { font-size: 15px; font-weight: 600; margin: 0; flex: 1 1 auto; overflow-wrap: anywhere; }
  p { font-size: 13px; color: ${({ theme }) => theme.colors.muted}; margin: 2px 0 0; overflow-wrap: anywhere; }
`;

const STATUS_TONE: Record<WebhookDelivery['status'], BadgeTone> = { delivered: 'green', pending: 'yellow', failed: 'red' };

/** What went wrong, as the server said it, else in general words. */
const failed = (error: unknown) =>
  toast({ title: 'Error', description: isApiError(error) && error.status < 500 && error.serverMessage ? error.serverMessage : errorText(error), variant: 'destructive' });

/** The owner's webhooks (issue 23): register a URL and event types, see the secret once, pause, delete, and watch the deliveries. */
export function WebhooksScreen() {
  const webhooks = useQuery({ queryKey: WEBHOOKS_KEY, queryFn: async () => z.array(WebhookSchema).parse(await apiClient.get(api.webhooks)) });
  return (
    <ShownOnceList<Webhook, CreatedWebhook>
      title="Webhooks"
      subtitle="Your business events, signed and sent to your systems"
      addLabel="Add Webhook"
      plural="webhooks"
      empty="No webhooks yet. Add one to send your events to another system."
      list={webhooks}
      form={(onDone) => <NewWebhookForm onDone={onDone} />}
      once={(made, onDone) => <SecretOnce webhook={made} onDone={onDone} />}
      card={(webhook) => <WebhookCard key={webhook.id} webhook={webhook} />}
    />
  );
}

/** The secret, in the registration's answer only: copy it now; once closed it cannot be shown again. */
function SecretOnce({ webhook, onDone }: { webhook: CreatedWebhook; onDone: () => void }) {
  const copy = () =>
    navigator.clipboard.writeText(webhook.secret).then(
      () => toast({ title: 'Success', description: 'Secret copied' }),
      () => toast({ title: 'Error', description: 'Could not copy; select the secret and copy it by hand', variant: 'destructive' }),
    );
  return (
    <Card aria-labelledby="webhook-secret">
      <CardHeading id="webhook-secret">Copy the signing secret now</CardHeading>
      <Stack $gap={10}>
        <Muted>It is shown this once, for {webhook.url}. Keep it where your receiver can read it.</Muted>
        <strong id="webhook-secret-label" style={{ fontSize: 14 }}>Signing Secret</strong>
        <Secret data-testid="webhook-secret">{webhook.secret}</Secret>
        <Muted>Each delivery has X-Erp-Signature: sha256=HMAC of timestamp.body with this secret (the timestamp is in X-Erp-Timestamp).</Muted>
        <Row>
          <Button onClick={() => void copy()}>
            Copy
          </Button>
          <Button $variant="secondary" onClick={onDone}>I have saved it</Button>
        </Row>
      </Stack>
    </Card>
  );
}

type WebhookChange = z.input<typeof WebhookChangeSchema>;

function WebhookCard({ webhook }: { webhook: Webhook }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const path = byId(api.webhooks, webhook.id);
  const change = useMutation({
    mutationFn: (body: WebhookChange) => apiClient.put<Webhook>(path, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY }),
  });
  // Told here, not in mutate's callbacks: the card is gone (unmounted) once the list is read again.
  const remove = useMutation({
    mutationFn: () => apiClient.delete(path),
    onSuccess: () => toast({ title: 'Success', description: 'Webhook deleted' }),
    onError: failed,
    onSettled: () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY }),
  });
  const setActive = (active: boolean) =>
    change.mutate({ active }, { onSuccess: () => toast({ title: 'Success', description: active ? 'Webhook resumed' : 'Webhook paused; events are not sent to it' }), onError: failed });
  const headingId = `webhook-${webhook.id}`;
  return (
    <Card aria-labelledby={headingId}>
      <Stack $gap={10}>
        <Row>
          <Url id={headingId}>{webhook.url}</Url>
          {webhook.active ? <Badge $tone="green">Active</Badge> : <Badge $tone="grey">Paused</Badge>}
        </Row>
        <Muted>{webhook.eventTypes.length === 0 ? 'All events' : webhook.eventTypes.join(', ')}</Muted>
        <Row>
          <Button $variant="secondary" disabled={change.isPending} onClick={() => setActive(!webhook.active)}>
            {change.isPending ? 'Saving...' : webhook.active ? 'Pause' : 'Resume'}
          </Button>
          <Button $variant="danger" disabled={remove.isPending} onClick={() => setConfirming(true)}>
            <Trash2 size={18} aria-hidden="true" />
            Delete
          </Button>
        </Row>
        <DeliveryList webhook={webhook} />
      </Stack>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete Webhook"
        description={`Are you sure you want to delete the webhook to ${webhook.url}? Nothing more is sent to it. This action cannot be undone.`}
        onConfirm={() => remove.mutate()}
      />
    </Card>
  );
}

/** Its recent deliveries, newest first; read again every 2 s while any is still pending. */
function DeliveryList({ webhook }: { webhook: Webhook }) {
  const deliveries = useQuery({
    queryKey: deliveriesKey(webhook.id),
    queryFn: async () => z.array(WebhookDeliverySchema).parse(await apiClient.get(`${byId(api.webhooks, webhook.id)}/deliveries`)),
    refetchInterval: (q) => (q.state.data?.some((d) => d.status === 'pending') ? 2000 : false),
  });
  const headingId = `webhook-${webhook.id}-deliveries`;
  return (
    <section aria-labelledby={headingId}>
      <Row>
        <h3 id={headingId} style={{ fontSize: 15, fontWeight: 700, flex: '1 1 auto' }}>Recent Deliveries</h3>
        <Button $variant="ghost" disabled={deliveries.isFetching} onClick={() => void deliveries.refetch()} aria-label={`Refresh deliveries to ${webhook.url}`}>
          {deliveries.isFetching ? 'Loading...' : 'Refresh'}
        </Button>
      </Row>
      {deliveries.isError && <Muted>Could not load the deliveries. {errorText(deliveries.error)}</Muted>}
      {deliveries.isSuccess && deliveries.data.length === 0 && <Muted>Nothing sent yet.</Muted>}
      {deliveries.data && deliveries.data.length > 0 && (
        <Deliveries aria-label={`Deliveries to ${webhook.url}`}>
          {deliveries.data.slice(0, 20).map((d) => <DeliveryItem key={d.id} delivery={d} />)}
        </Deliveries>
      )}
    </section>
  );
}

function DeliveryItem({ delivery: d }: { delivery: WebhookDelivery }) {
  const last = d.lastStatus !== null ? `last answer HTTP ${d.lastStatus}` : d.lastError ? `last error: ${d.lastError}` : 'not tried yet';
  return (
    <li aria-label={`${d.eventType} ${d.status}`}>
      <Row>
        <h4>{d.eventType}</h4>
        <Badge $tone={STATUS_TONE[d.status]}>{d.status}</Badge>
      </Row>
      <p>{d.attempts === 1 ? '1 attempt' : `${d.attempts} attempts`} · {last}</p>
      <p>
        {formatDateTime(d.createdAt)}
        {d.deliveredAt && ` · delivered ${formatDateTime(d.deliveredAt)}`}
        {d.status === 'pending' && d.nextAttemptAt && ` · next attempt ${formatDateTime(d.nextAttemptAt)}`}
      </p>
    </li>
  );
}

function NewWebhookForm({ onDone }: { onDone: (created: CreatedWebhook | null) => void }) {
  const queryClient = useQueryClient();
  const form = useForm<z.input<typeof NewWebhookSchema>, unknown, NewWebhook>({ resolver: zodResolver(NewWebhookSchema), defaultValues: { url: '', eventTypes: [], active: true }, mode: 'onTouched' });
  const create = useMutation({ mutationFn: async (body: NewWebhook) => CreatedWebhookSchema.parse(await apiClient.post(api.webhooks, body)) });
  const chosen = useWatch({ control: form.control, name: 'eventTypes' }) ?? [];
  const error = form.formState.errors.url?.message;
  const submit = (body: NewWebhook) =>
    create.mutate(body, {
      onSuccess: async (made) => {
        toast({ title: 'Success', description: 'Webhook added; copy its secret now' });
        await queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY });
        onDone(made);
      },
      onError: (e) => {
        for (const issue of isApiError(e) ? e.issues : []) if (issue.path === 'url') form.setError(issue.path, { type: 'server', message: issue.message });
        failed(e);
      },
    });
  return (
    <Card aria-labelledby="new-webhook">
      <CardHeading id="new-webhook">Add Webhook</CardHeading>
      <form noValidate aria-label="Add Webhook" onSubmit={form.handleSubmit(submit)}>
        <Stack $gap={14}>
          <FieldShell id="webhook-url" label="URL" required hint="Where each event is POSTed as JSON, e.g. https://example.in/hooks/erp" error={error}>
            <Input id="webhook-url" type="url" inputMode="url" autoComplete="off" autoCapitalize="none" aria-invalid={error ? true : undefined} aria-describedby={describedBy('webhook-url', 'hint', error)} {...form.register('url')} />
          </FieldShell>
          <Stack $gap={8} role="group" aria-labelledby="webhook-types" aria-describedby="webhook-types-hint">
            <strong id="webhook-types" style={{ fontSize: 14 }}>Event Types</strong>
            <Muted id="webhook-types-hint">{chosen.length === 0 ? 'None chosen: every event is sent.' : `${chosen.length} chosen: ${chosen.join(', ')}`}</Muted>
            {EVENT_TYPE_GROUPS.map((group) => {
              const count = group.types.filter((t) => chosen.includes(t)).length;
              return (
                <Group key={group.module}>
                  <summary>{group.title}{count > 0 && ` (${count} chosen)`}</summary>
                  <fieldset>
                    <legend>{group.title} events</legend>
                    {group.types.map((type) => (
                      <label key={type}>
                        <input type="checkbox" value={type} {...form.register('eventTypes')} />
                        {type}
                      </label>
                    ))}
                  </fieldset>
                </Group>
              );
            })}
          </Stack>
          <Row>
            <Button type="submit" disabled={create.isPending}>{create.isPending ? 'Saving...' : 'Create Webhook'}</Button>
            <Button $variant="secondary" onClick={() => onDone(null)}>Cancel</Button>
          </Row>
        </Stack>
      </form>
    </Card>
  );
}
