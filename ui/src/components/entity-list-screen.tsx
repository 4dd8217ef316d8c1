import { recordMatches } from '@erp/contracts';
import { Plus, SearchX } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';

import { Button } from '@/components/button';
import type { ConfirmDialogProps } from '@/components/confirm-dialog';
import { CardList } from '@/components/card-list';
import { EntityCard } from '@/components/entity-card';
import type { ListConfig, ListView, RunHere } from '@/components/entity-config';
import { EmptyState } from '@/components/empty-state';
import { Main, TopBar } from '@/components/layout';
import { SearchBox } from '@/components/search-box';
import { Spinner } from '@/components/spinner';
import { useScreenView } from '@/components/use-screen-view';
import { deferred, moduleView, quiet, whenIdle } from '@/lib/deferred';
import { clearDraft, draftKey } from '@/lib/drafts';
import { errorText } from '@/lib/error-text';
import { useMay } from '@/lib/session';

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
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

/** The chips of a list's views (Today, Overdue, All): one pressed. */
const Chips = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin: -4px 0 16px;
  button {
    min-height: ${({ theme }) => theme.touch};
    padding: 0 16px;
    border-radius: ${({ theme }) => theme.radius.pill};
    border: 1px solid ${({ theme }) => theme.colors.borderStrong};
    background: ${({ theme }) => theme.colors.surface};
    font-weight: 600;
    cursor: pointer;
  }
  button[aria-pressed='true'] {
    border-color: ${({ theme }) => theme.colors.primary};
    background: ${({ theme }) => theme.colors.primary};
    color: #fff;
  }
  button:focus-visible { outline: 3px solid ${({ theme }) => theme.colors.focus}; }
`;

const viewSlug = (view: ListView) => view.label.toLowerCase().replace(/\s+/g, '-');

const ListHeading = styled.h2`
  font-size: 17px;
  font-weight: 700;
  margin: 0 0 10px;
`;

// The form and the details view are fetched when the list is idle, not before it is shown.
// Each is shown by a `show` given its module, so the generic form and details keep this list's types.
const FormView = deferred(() => import('@/components/entity-form').then(moduleView));
const DetailsView = deferred(() => import('@/components/record-details').then(moduleView));
const WaitingView = quiet(() => import('@/components/waiting-records').then(moduleView));
// The dialog (Radix, with its focus trap and scroll lock) is asked for only when a question is:
// in the list's first load it was half the list chunk (issue 47).
const loadDialog = () => import('@/components/confirm-dialog').then((m) => m.ConfirmDialog);
const ConfirmDialog = quiet<ConfirmDialogProps>(loadDialog);
const preloadViews = () => {
  [FormView, DetailsView].forEach((view) => void view.preload().catch(() => undefined));
  loadDialog().catch(() => undefined);
};

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
  const screen = useScreenView();
  const discarded = useRef(false);
  const [search, setSearch] = useState('');
  // The chosen view is in the URL (?view=overdue), so a link can open it and Back keeps it.
  const [params, setParams] = useSearchParams();
  const views = config.views ?? [];
  const current = views.find((v) => viewSlug(v) === params.get('view')) ?? views[0];
  const refresh = config.resource.useRefresh();
  const { open } = screen;
  const edit = useCallback((record: TRecord) => open({ kind: 'edit', id: record.id }), [open]);
  const view = useCallback((record: TRecord) => open({ kind: 'details', id: record.id }), [open]);
  const add = useCallback(() => open({ kind: 'new' }), [open]);
  // A role that cannot add (a viewer; an accountant outside the books) sees the list and opens records read-only.
  const mayAdd = useMay('POST', config.resource.path);
  useEffect(() => whenIdle(preloadViews), []);
  const shown = screen.view;
  const { details } = config;
  if (shown?.kind === 'details' && details) {
    return <DetailsView show={({ RecordDetails }) => <RecordDetails config={details} resource={config.resource} id={shown.id} sections={config.form.sections} onBack={screen.close} />} />;
  }
  if (shown && shown.kind !== 'details') {
    return (
      <>
        <FormView
          key={shown.kind === 'edit' ? shown.id : 'new'}
          show={({ EntityForm }) => (
            <EntityForm
              config={config.form}
              resource={config.resource}
              recordId={shown.kind === 'edit' ? shown.id : undefined}
              prefill={shown.kind === 'new' ? shown.prefill : undefined}
              onDone={screen.close}
              onCancel={() => {
                screen.close();
                void refresh();
              }}
              onDirtyChange={screen.setDirty}
            />
          )}
        />
        <ConfirmDialog
          open={screen.leaving}
          onOpenChange={(open) => {
            // Closed without Discard (Keep editing, Escape): the form stays, Back works again.
            if (!open && !discarded.current) screen.stay();
            discarded.current = false;
          }}
          title="Discard changes?"
          description="What you typed in this form has not been saved."
          confirmLabel="Discard"
          cancelLabel="Keep editing"
          onConfirm={() => {
            discarded.current = true;
            clearDraft(draftKey(config.resource.path, shown.kind === 'edit' ? shown.id : null));
            screen.leave();
          }}
        />
      </>
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
          {mayAdd && (
            <Button onClick={add}>
              <Plus size={18} aria-hidden="true" />
              {config.addLabel}
            </Button>
          )}
        </Toolbar>
        {mayAdd && config.toolbar}
        {current && (
          <Chips role="group" aria-label="Show">
            {views.map((v) => (
              <button key={v.label} type="button" aria-pressed={v === current} onClick={() => setParams({ view: viewSlug(v) }, { replace: true })}>
                {v.label}
              </button>
            ))}
          </Chips>
        )}
        <WaitingView
          show={({ WaitingRecords }) => (
            <WaitingRecords path={config.resource.path} form={config.form} onEditNew={(prefill) => open({ kind: 'new', prefill })} onEditRecord={(id) => open({ kind: 'edit', id })} />
          )}
        />
        <Records config={config} view={current} search={search} onOpen={edit} onView={view} onAdd={mayAdd ? add : undefined} />
      </Main>
    </>
  );
}

function Records<TRecord extends { id: number }, TValues extends FieldValues, TBody>(
  props: Props<TRecord, TValues, TBody> & { view?: ListView; search: string; onOpen: (record: TRecord) => void; onView: (record: TRecord) => void; onAdd?: () => void },
) {
  const { config, view, search, onOpen, onView, onAdd } = props;
  const [asking, setAsking] = useState<RunHere | null>(null);
  const term = search.trim().toLowerCase();
  const filter = view?.filter;
  const list = config.resource.usePages('', true, filter);
  // A list that fits in one page is searched here, as the seed does; a longer one by the server.
  const small = list.data?.pages[0]?.next === null;
  const searching = Boolean(term) && !small;
  const found = config.resource.usePages(term, searching && list.isSuccess, filter);
  const everything = config.resource.useList(Boolean(config.summary));
  // Until the server answers this search, the rows already here (the list, or the results of the
  // previous keystroke) that match it are shown.
  const waiting = searching && (!found.data || found.isPlaceholderData);
  const shown = searching && found.data ? found : list;
  const asked = searching ? found : list;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = shown;
  const loadMore = useCallback(() => {
    if (!waiting && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [waiting, hasNextPage, isFetchingNextPage, fetchNextPage]);
  const loaded = useMemo(() => shown.data?.pages.flatMap((page) => page.rows) ?? [], [shown.data]);
  if (list.isPending) return <Spinner label={`Loading ${config.title.toLowerCase()}`} />;
  if (asked.isError && !asked.data) {
    return (
      <EmptyState message={`Could not load ${config.title.toLowerCase()}. ${errorText(asked.error)}`}>
        <Button $variant="secondary" onClick={() => void asked.refetch()}>
          Try again
        </Button>
      </EmptyState>
    );
  }
  const rows = term && (small || waiting)
    ? loaded.filter((record) => recordMatches(config.search, record, term) || (config.searchAlso?.(record) ?? []).some((v) => (v ?? '').toLowerCase().includes(term)))
    : loaded;
  if (rows.length === 0 && waiting) return <Spinner label={`Searching ${config.title.toLowerCase()}`} />;
  if (rows.length === 0) {
    return term ? (
      <EmptyState icon={SearchX} message={config.empty.searching} />
    ) : (
      <EmptyState message={view?.empty ?? config.empty.initial}>
        {config.empty.initialHint && <p>{config.empty.initialHint}</p>}
        {config.empty.initialAction && onAdd && <Button onClick={onAdd}>{config.empty.initialAction}</Button>}
      </EmptyState>
    );
  }
  const summary = everything.data && config.summary?.(everything.data);
  const cards = (
    <CardList
      label={config.title}
      wideColumns={2}
      items={rows}
      keyOf={(record) => record.id}
      render={(record) => (
        <EntityCard record={record} card={config.card} onOpen={onOpen} onView={config.details ? onView : undefined} headingLevel={config.listHeading ? 3 : 2} onAsk={setAsking} />
      )}
      onNearEnd={loadMore}
      virtualize={!small}
    />
  );
  const confirm = asking?.confirm && (
    <ConfirmDialog
      open
      onOpenChange={(open) => {
        if (!open) setAsking(null);
      }}
      title={asking.confirm.title}
      description={asking.confirm.description}
      confirmLabel={asking.confirm.confirmLabel}
      tone={asking.confirm.tone ?? 'primary'}
      onConfirm={() => {
        setAsking(null);
        void asking.run();
      }}
    />
  );
  if (!config.summary && !config.listHeading) {
    return (
      <>
        {cards}
        {confirm}
      </>
    );
  }
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
      {confirm}
    </>
  );
}
