import { api, type ActivityPage, ActivityPageSchema, type ActivityRow, HealthSchema, MODULES, routes, UserSchema } from '@erp/contracts';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { z } from 'zod';

import { Button } from '@/components/button';
import { EmptyState } from '@/components/empty-state';
import { FieldShell, Input, Select } from '@/components/form-field';
import { Card, Main, Stack, TopBar } from '@/components/layout';
import { Spinner } from '@/components/spinner';
import { openRecord } from '@/components/use-screen-view';
import { apiClient } from '@/lib/api-client';
import { fieldWords, show } from '@/lib/change-words';
import { errorText } from '@/lib/error-text';
import { formatDateTime } from '@/lib/format';

/** The first page starts at no event. */
const FIRST_PAGE: string | null = null;

const Filters = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 10px;
  margin-bottom: 16px;
  @media (min-width: 768px) { grid-template-columns: repeat(4, minmax(0, 1fr)); }
`;

const Row = styled(Card)`
  padding: 14px 16px;
  h2 { font-size: 15px; font-weight: 700; margin: 0; overflow-wrap: anywhere; }
  p { font-size: 13px; color: ${({ theme }) => theme.colors.muted}; margin: 2px 0 0; }
  ul { margin: 6px 0 0; padding-left: 18px; font-size: 14px; }
  li { overflow-wrap: anywhere; }
`;

const Top = styled.div`
  display: flex;
  align-items: flex-start;
  gap: 8px;
  & > div { flex: 1 1 auto; min-width: 0; }
  & > button { flex: none; padding: 0 10px; }
`;

// 'SalesInvoiceAllocationReleased' → 'Sales invoice allocation released'.
const typeWords = (type: string) => fieldWords(type.charAt(0).toLowerCase() + type.slice(1));

const MODULE_OPTIONS = [...MODULES.filter((m) => ['purchase', 'sales', 'inventory', 'hr', 'crm', 'accounting'].includes(m.name)).map((m) => ({ value: m.name, label: m.title })), { value: 'settings', label: 'Settings and users' }];

interface Filter {
  user: string;
  module: string;
  from: string;
  to: string;
}

const queryOf = (filter: Filter, before: string | null) => {
  const params = new URLSearchParams(Object.entries(filter).filter(([, v]) => v !== ''));
  if (before) params.set('before', before);
  params.set('limit', '30');
  return `${api.activity}?${params.toString()}`;
};

/** Who did what across the business (issue 23): the event log as people read it, newest first; the owner's. */
export function ActivityScreen() {
  const [filter, setFilter] = useState<Filter>({ user: '', module: '', from: '', to: '' });
  const users = useQuery({ queryKey: ['settings', 'users'], queryFn: async () => z.array(UserSchema).parse(await apiClient.get(api.users)) });
  const log = useInfiniteQuery({
    queryKey: ['activity', filter],
    initialPageParam: FIRST_PAGE,
    queryFn: async ({ pageParam }): Promise<ActivityPage> => ActivityPageSchema.parse(await apiClient.get(queryOf(filter, pageParam))),
    getNextPageParam: (last) => last.next,
  });
  const rows = log.data?.pages.flatMap((p) => p.rows) ?? [];
  const set = (name: keyof Filter) => (event: { target: { value: string } }) => setFilter({ ...filter, [name]: event.target.value });
  return (
    <>
      <TopBar title="Activity" subtitle="Who did what, and when" back={{ to: routes.settings, label: 'Back to settings' }} />
      <Main>
        <Filters role="search" aria-label="Filter the activity">
          <FieldShell id="activity-user" label="User">
            <Select id="activity-user" value={filter.user} onChange={set('user')}>
              <option value="">Everyone</option>
              {users.data?.map((u) => <option key={u.id} value={u.username}>{u.username}</option>)}
            </Select>
          </FieldShell>
          <FieldShell id="activity-module" label="Module">
            <Select id="activity-module" value={filter.module} onChange={set('module')}>
              <option value="">All modules</option>
              {MODULE_OPTIONS.map((m) => <option key={m.value} value={m.value}>{m.label}</option>)}
            </Select>
          </FieldShell>
          <FieldShell id="activity-from" label="From">
            <Input id="activity-from" type="date" value={filter.from} onChange={set('from')} />
          </FieldShell>
          <FieldShell id="activity-to" label="To">
            <Input id="activity-to" type="date" value={filter.to} onChange={set('to')} />
          </FieldShell>
        </Filters>
        <ReadModels />
        {log.isPending && <Spinner label="Loading activity" />}
        {log.isError && <EmptyState message={`Could not load the activity. ${errorText(log.error)}`} />}
        {log.isSuccess && rows.length === 0 && <EmptyState message="Nothing was done that matches these filters." />}
        <Stack $gap={10} as="ol" style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label="Activity">
          {rows.map((row) => <li key={row.position}><ActivityEntry row={row} /></li>)}
        </Stack>
        {log.hasNextPage && (
          <Button $variant="secondary" style={{ marginTop: 16 }} disabled={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
            {log.isFetchingNextPage ? 'Loading...' : 'Show older'}
          </Button>
        )}
      </Main>
    </>
  );
}

function ActivityEntry({ row }: { row: ActivityRow }) {
  const navigate = useNavigate();
  const title = `${row.label}${row.recordId === null ? '' : ` #${row.recordId}`}`;
  const open = row.task && row.recordId !== null ? openRecord(routes.task(row.module, row.task), row.recordId) : null;
  const changes = row.changes.slice(0, 8);
  return (
    <Row aria-label={`${title}: ${typeWords(row.type)}`}>
      <Top>
        <div>
          <h2>{title} · {typeWords(row.type)}</h2>
          <p>{formatDateTime(row.at)} · by {row.user ?? 'the system'}</p>
        </div>
        {open && (
          <Button $variant="ghost" aria-label={`Open ${title}`} title={`Open ${title}`} onClick={() => navigate(open.pathname, { state: open.state })}>
            <ExternalLink size={18} aria-hidden="true" />
          </Button>
        )}
      </Top>
      {changes.length > 0 && (
        <ul>
          {changes.map((c) => <li key={c.field}>{fieldWords(c.field)}: {show(c.from)} → {show(c.to)}</li>)}
          {row.changes.length > changes.length && <li>and {row.changes.length - changes.length} more</li>}
        </ul>
      )}
    </Row>
  );
}

const Progress = styled.progress`
  width: 100%;
  height: 10px;
  margin-top: 6px;
`;

/** Read models being rebuilt (with how far), or stopped on an event, from the health check; nothing when all is well. */
function ReadModels() {
  const health = useQuery({ queryKey: ['health'], queryFn: async () => HealthSchema.parse(await apiClient.get(api.health)), refetchInterval: (q) => ((q.state.data?.rebuilds?.length ?? 0) > 0 ? 2000 : false) });
  const rebuilds = health.data?.rebuilds ?? [];
  const stopped = (health.data?.projections ?? []).filter((p) => p.stopped);
  if (rebuilds.length === 0 && stopped.length === 0) return null;
  return (
    <Row aria-label="Read models" style={{ marginBottom: 16 }}>
      <h2>Read models</h2>
      {rebuilds.map((r) => {
        const done = Math.min(100, Math.floor((Number(r.position) * 100) / Math.max(1, Number(r.target))));
        return (
          <div key={r.projections.join()}>
            <p>Rebuilding {r.projections.join(', ')}: {r.applied.toLocaleString('en-IN')} events folded, {done}% of the log</p>
            <Progress max={100} value={done} aria-label={`Rebuild of ${r.projections.join(', ')}`} />
          </div>
        );
      })}
      {stopped.map((p) => <p key={p.name}>{p.name} is stopped at position {p.stopped!.position}: {p.stopped!.error}</p>)}
    </Row>
  );
}
