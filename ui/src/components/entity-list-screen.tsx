import { Plus, SearchX } from 'lucide-react';
import { useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import styled from 'styled-components';

import { Button } from '@/components/button';
import { EntityCard } from '@/components/entity-card';
import type { ListConfig } from '@/components/entity-config';
import { EntityForm } from '@/components/entity-form';
import { RecordDetails } from '@/components/record-details';
import { EmptyState } from '@/components/empty-state';
import { Main, TopBar } from '@/components/layout';
import { SearchBox } from '@/components/search-box';
import { Spinner } from '@/components/spinner';
import { StaggerList } from '@/components/stagger-list';

const Toolbar = styled.div`
  display: flex;
  gap: 8px;
  margin-bottom: 16px;
  & > button { padding: 0 12px; }
`;

const Counters = styled.dl`
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: 10px;
  margin: 0 0 16px;
  div {
    display: flex;
    flex-direction: column-reverse;
    padding: 12px;
    border-radius: ${({ theme }) => theme.radius.md};
    background: ${({ theme }) => theme.colors.surface};
    border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  }
  dt { font-size: 13px; color: ${({ theme }) => theme.colors.muted}; }
  dd { margin: 0; font-size: 22px; font-weight: 700; }
`;

const ListHeading = styled.h2`
  font-size: 17px;
  font-weight: 700;
  margin: 0 0 10px;
`;

type Props<TRecord extends { id: number }, TValues extends FieldValues, TBody> = {
  config: ListConfig<TRecord, TValues, TBody>;
};

/**
 * The SEED-SPEC list-screen pattern, once: back link, title, search, add button, staggered
 * cards, spinner, both empty states, and the form shown in place of the list. Cancel and
 * success return to the list and reload it.
 */
export function EntityListScreen<TRecord extends { id: number }, TValues extends FieldValues, TBody>({
  config,
}: Props<TRecord, TValues, TBody>) {
  const [editing, setEditing] = useState<{ record?: TRecord } | null>(null);
  const [viewing, setViewing] = useState<TRecord | null>(null);
  const [search, setSearch] = useState('');
  const refresh = config.resource.useRefresh();
  if (viewing && config.details) {
    return (
      <RecordDetails
        config={config.details}
        resource={config.resource}
        id={viewing.id}
        sections={config.form.sections as never}
        onBack={() => setViewing(null)}
      />
    );
  }
  if (editing) {
    return (
      <EntityForm
        config={config.form}
        resource={config.resource}
        record={editing.record}
        onDone={() => setEditing(null)}
        onCancel={() => {
          setEditing(null);
          void refresh();
        }}
      />
    );
  }
  return (
    <>
      <TopBar title={config.title} subtitle={config.subtitle} back={config.backTo} />
      <Main>
        <Toolbar>
          <SearchBox
            value={search}
            onChange={setSearch}
            placeholder={config.searchPlaceholder}
            label={config.searchPlaceholder.replace(/\.+$/, '')}
          />
          <Button onClick={() => setEditing({})}>
            <Plus size={18} aria-hidden="true" />
            {config.addLabel}
          </Button>
        </Toolbar>
        <Records config={config} search={search} onOpen={(record) => setEditing({ record })} onView={setViewing} onAdd={() => setEditing({})} />
      </Main>
    </>
  );
}

function Records<TRecord extends { id: number }, TValues extends FieldValues, TBody>(
  props: Props<TRecord, TValues, TBody> & { search: string; onOpen: (record: TRecord) => void; onView: (record: TRecord) => void; onAdd: () => void },
) {
  const { config, search, onOpen, onView, onAdd } = props;
  const list = config.resource.useList();
  if (list.isPending) return <Spinner label={`Loading ${config.title.toLowerCase()}`} />;
  if (list.isError) {
    return (
      <EmptyState message={`Could not load ${config.title.toLowerCase()}: ${list.error.message}`}>
        <Button $variant="secondary" onClick={() => void list.refetch()}>
          Try again
        </Button>
      </EmptyState>
    );
  }
  const term = search.trim().toLowerCase();
  const rows = term
    ? list.data.filter((record) => matches(record, config.searchOn, term) || (config.searchAlso?.(record) ?? []).some((v) => (v ?? '').toLowerCase().includes(term)))
    : list.data;
  if (rows.length === 0) {
    return term ? (
      <EmptyState icon={SearchX} message={config.empty.searching} />
    ) : (
      <EmptyState message={config.empty.initial}>
        {config.empty.initialHint && <p>{config.empty.initialHint}</p>}
        {config.empty.initialAction && <Button onClick={onAdd}>{config.empty.initialAction}</Button>}
      </EmptyState>
    );
  }
  const summary = config.summary?.(list.data);
  const cards = (
    <StaggerList
      label={config.title}
      wideColumns={2}
      items={rows}
      keyOf={(record) => record.id}
      render={(record) => <EntityCard record={record} card={config.card} onOpen={onOpen} onView={config.details ? onView : undefined} />}
    />
  );
  if (!summary && !config.listHeading) return cards;
  return (
    <>
      {summary && (
        <Counters>
          {summary.map((s) => (
            <div key={s.label}>
              <dt>{s.label}</dt>
              <dd>{s.value}</dd>
            </div>
          ))}
        </Counters>
      )}
      {config.listHeading && <ListHeading>{config.listHeading}</ListHeading>}
      {cards}
    </>
  );
}

const matches = <TRecord,>(record: TRecord, fields: readonly (keyof TRecord)[], term: string) =>
  fields.some((field) => String(record[field] ?? '').toLowerCase().includes(term));
