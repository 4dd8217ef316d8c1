import { INVOICE_DOCUMENTS, isPrintable, isRecord, routes } from '@erp/contracts';
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';

import { Button } from '@/components/button';
import { Badge } from '@/components/entity-card';
import type { FieldConfig, FormConfig } from '@/components/entity-config';
import type { Prefill } from '@/components/use-screen-view';
import { apiClient } from '@/lib/api-client';
import { formatMoney } from '@/lib/format';
import { discardCommand } from '@/lib/offline';
import { type Outbox, type OutboxEntry, type Refusal, WAITING_ID } from '@/lib/outbox';

export interface WaitingRecordsProps<TRecord, TValues extends FieldValues, TBody> {
  /** The list's collection: the commands made here that wait on the device. */
  path: string;
  form: FormConfig<TRecord, TValues, TBody>;
  onEditNew: (prefill: Prefill) => void;
  onEditRecord: (id: number) => void;
}

const idOf = (entry: OutboxEntry, path: string) => (entry.method === 'PUT' ? Number(entry.path.slice(path.length + 1)) : null);
const bodyOf = (entry: OutboxEntry): Record<string, unknown> => (isRecord(entry.body) ? entry.body : {});
const text = (value: unknown) => (value === null || value === undefined || typeof value === 'object' ? '' : String(value));

/** What to do about a refusal, in words (issue 47): nothing typed is lost, it is all on the card. */
const adviceFor = (refusal: Refusal, isEdit: boolean) => {
  if (refusal.status === 412) {
    return 'It was changed on another device after you edited it here, and theirs is kept. Open it to see their version and edit it again with your values below, or discard yours.';
  }
  if (refusal.status === 409) return `${refusal.message}. Edit it and send it again, or discard it.`;
  if (refusal.status === 404) return 'It was removed on another device. Discard this change, or make it again as a new record.';
  const issues = refusal.issues.map((issue) => issue.message).join('; ');
  return `${issues || refusal.message}. ${isEdit ? 'Open it and edit it again' : 'Edit it and send it again'}, or discard it.`;
};

/** A form's prefill from the body kept in the outbox: the values as the form holds them (text), lines too. */
const prefillOf = (entry: OutboxEntry): Prefill => {
  const body = bodyOf(entry);
  const values = Object.fromEntries(Object.entries(body).filter(([, v]) => typeof v !== 'object' || v === null).map(([k, v]) => [k, text(v)]));
  const lines = Array.isArray(body.lines) ? body.lines.filter(isRecord).map((line) => Object.fromEntries(Object.entries(line).map(([k, v]) => [k, text(v)]))) : [];
  return { values, lines };
};

function useOutbox() {
  const [outbox, setOutbox] = useState<Outbox | null>(null);
  useEffect(() => {
    let live = true;
    void apiClient.outbox().then((o) => live && setOutbox(o));
    return () => {
      live = false;
    };
  }, []);
  const entries = useSyncExternalStore(
    (listener) => outbox?.subscribe(listener) ?? (() => undefined),
    () => outbox?.list() ?? NONE,
  );
  return entries;
}
const NONE: readonly OutboxEntry[] = [];

/**
 * The records made on this device that wait to sync (issue 47), above the list the server gave:
 * marked 'Waiting to sync', with what was typed; one the server refused says why and what to do,
 * and keeps the values until it is edited again or discarded.
 */
export function WaitingRecords<TRecord, TValues extends FieldValues, TBody>(props: WaitingRecordsProps<TRecord, TValues, TBody>) {
  const entries = useOutbox().filter((e) => e.path === props.path || (e.method === 'PUT' && e.path.startsWith(`${props.path}/`)));
  if (entries.length === 0) return null;
  return (
    <Section aria-labelledby="waiting-heading">
      <Heading id="waiting-heading">Made on this device ({entries.length})</Heading>
      {entries.map((entry) => (
        <WaitingCard key={entry.id} entry={entry} {...props} />
      ))}
    </Section>
  );
}

function WaitingCard<TRecord, TValues extends FieldValues, TBody>({ entry, path, form, onEditNew, onEditRecord }: WaitingRecordsProps<TRecord, TValues, TBody> & { entry: OutboxEntry }) {
  const body = bodyOf(entry);
  const isSale = entry.method === 'POST' && INVOICE_DOCUMENTS.some((kind) => kind.deviceSeries && kind.path === path);
  const id = idOf(entry, path);
  const fields = [...form.sections, ...(form.settleNow ? [form.settleNow.section] : [])].flatMap((s) => s.fields);
  const shown = fields.filter((f) => text(body[f.name]) !== '');
  const lines = Array.isArray(body.lines) ? body.lines.length : 0;
  const number = text(body.invoiceNumber);
  const title = id ? `${form.entityLabel} #${id}: your change` : number || `New ${form.entityLabel.toLowerCase()}`;
  const refused = entry.state === 'refused' && entry.refusal;
  // A document the business issues prints and shares from here before it syncs, marked provisional (issue 47).
  const printable = entry.method === 'POST' ? INVOICE_DOCUMENTS.find((d) => d.path === path && isPrintable(d)) : undefined;
  const navigate = useNavigate();
  return (
    <Card aria-label={title}>
      <Top>
        <Title>{title}</Title>
        <Badge $tone={refused ? 'red' : 'blue'}>{refused ? 'Not accepted' : 'Waiting to sync'}</Badge>
      </Top>
      {isSale && !id && <Note>{number && entry.note.number === 'device-series' ? `Number ${number} from this device's own series.` : 'Its number is given when it syncs; until then it is provisional.'}</Note>}
      {refused && <Refused role="alert">{adviceFor(entry.refusal!, id !== null)}</Refused>}
      <Values>
        {shown.map((field) => (
          <div key={field.name}>
            <dt>{field.label}</dt>
            <dd>
              <FieldValue field={field} value={text(body[field.name])} values={body} />
            </dd>
          </div>
        ))}
        {lines > 0 && (
          <div>
            <dt>Lines</dt>
            <dd>{lines}</dd>
          </div>
        )}
      </Values>
      <Actions>
        {refused && (
          <Button $variant="secondary" onClick={() => (id ? onEditRecord(id) : onEditNew(prefillOf(entry)))}>
            {id ? 'Open it' : 'Edit and send again'}
          </Button>
        )}
        {printable && (
          <Button $variant="secondary" onClick={() => void navigate(routes.print(printable.stream, `${WAITING_ID}${entry.id}`))}>
            Print / PDF
          </Button>
        )}
        <Button $variant="secondary" onClick={() => void discardCommand(entry)}>
          Discard
        </Button>
      </Actions>
    </Card>
  );
}

/** A value as the form shows it: a select's label (a customer's name), money as money. */
function FieldValue<TValues extends FieldValues>({ field, value, values }: { field: FieldConfig<TValues>; value: string; values: Record<string, unknown> }) {
  if (field.useOptions) return <LoadedLabel useOptions={field.useOptions} value={value} values={values} />;
  if (field.options) return <>{field.options.find((o) => o.value === value)?.label ?? value}</>;
  return <>{field.kind === 'money' ? formatMoney(value) : value}</>;
}

function LoadedLabel<TValues extends FieldValues>(props: { useOptions: NonNullable<FieldConfig<TValues>['useOptions']>; value: string; values: Record<string, unknown> }) {
  const options = props.useOptions(props.values);
  return <>{options?.find((o) => o.value === props.value)?.label ?? props.value}</>;
}

const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: 12px;
  margin-bottom: 20px;
`;

const Heading = styled.h2`
  font-size: 17px;
  font-weight: 700;
`;

const Card = styled.article`
  padding: 16px;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px dashed ${({ theme }) => theme.colors.borderStrong};
`;

const Top = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
  margin-bottom: 8px;
  justify-content: space-between;
`;

const Title = styled.h3`
  font-size: 17px;
  font-weight: 700;
  overflow-wrap: anywhere;
`;

const Note = styled.p`
  font-size: 14px;
  color: ${({ theme }) => theme.colors.muted};
  margin-bottom: 8px;
`;

const Refused = styled.p`
  padding: 10px 12px;
  margin-bottom: 8px;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: #fef2f2;
  color: #991b1b;
  font-size: 15px;
`;

const Values = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(140px, 1fr));
  gap: 8px 16px;
  margin: 0 0 12px;
  dt { font-size: 13px; color: ${({ theme }) => theme.colors.muted}; }
  dd { margin: 0; font-size: 15px; overflow-wrap: anywhere; }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;
