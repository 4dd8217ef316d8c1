import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState, type ReactNode } from 'react';
import { useForm, useWatch, type DefaultValues, type FieldValues } from 'react-hook-form';
import styled from 'styled-components';

import { Button } from '@/components/button';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DraftOffer } from '@/components/draft-offer';
import type { FormConfig } from '@/components/entity-config';
import { FormActions, SubmitButton } from '@/components/entity-form-actions';
import { FormBar, FullRow, InFull, useNarrow } from '@/components/entity-form-bar';
import { FormSections } from '@/components/entity-form-fields';
import { editorLine, type EditorLine } from '@/components/editor-line';
import { countedLines, isBlank, LineEditor } from '@/components/line-editor';
import { EmptyState } from '@/components/empty-state';
import { Card, CardHeading, Main, Stack, TopBar } from '@/components/layout';
import { FormNotice, NoticeText } from '@/components/entity-form-notice';
import { RecordHistory } from '@/components/record-history';
import { Spinner } from '@/components/spinner';
import { useCopiedLines } from '@/components/entity-form-copied-lines';
import { useEntitySave } from '@/components/use-entity-save';
import { useFormDraft } from '@/components/use-form-draft';
import type { Prefill } from '@/components/use-screen-view';
import { draftKey } from '@/lib/drafts';
import { remember, rememberedValues } from '@/lib/remembered';
import { useCan, useMay } from '@/lib/session';
import { toast } from '@/lib/toast-store';
import type { Resource } from '@/lib/resource';

export interface EntityFormProps<TRecord extends { id: number }, TValues extends FieldValues, TBody> {
  config: FormConfig<TRecord, TValues, TBody>;
  resource: Resource<TRecord, TBody>;
  /** Edit mode when given, create mode otherwise (SEED-SPEC common list-screen pattern). */
  recordId?: number;
  /** A new record's values and saved lines as another screen filled them in. */
  prefill?: Prefill;
  onDone: () => void;
  /** Cancel, after the person agreed to discard changes if there were any. */
  onCancel: () => void;
  /** Whether the form has changes not saved (Back asks before closing it). */
  onDirtyChange?: (dirty: boolean) => void;
}

type BodyProps<TRecord extends { id: number }, TValues extends FieldValues, TBody> = Omit<EntityFormProps<TRecord, TValues, TBody>, 'recordId'> & {
  record?: TRecord;
};

/**
 * The one create/edit form, driven by FormConfig: sections of typed fields validated by the
 * contracts schema, 'Saving...' until the list has refetched, optional Delete with confirmation,
 * and the record's history in edit mode. Edit mode loads the record first, for its ETag.
 */
export function EntityForm<TRecord extends { id: number }, TValues extends FieldValues, TBody>(
  props: EntityFormProps<TRecord, TValues, TBody>,
) {
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, []);
  const { recordId, ...rest } = props;
  if (recordId === undefined) return <FormBody {...rest} />;
  return <EditForm {...rest} recordId={recordId} />;
}

function EditForm<TRecord extends { id: number }, TValues extends FieldValues, TBody>(
  props: BodyProps<TRecord, TValues, TBody> & { recordId: number },
) {
  const { config, resource, recordId, onCancel } = props;
  // Always fetched on open, for the current values and ETag; the form waits for that fetch so a
  // late answer cannot overwrite what the user starts typing.
  const detail = resource.useOne(recordId, { refetchOnMount: 'always' });
  if (detail.isSuccess && detail.isFetchedAfterMount) {
    // A refetch (after a 412) remounts the form with the other person's values.
    return <FormBody key={detail.dataUpdatedAt} {...props} record={detail.data} />;
  }
  return (
    <FormFrame title={config.titles.edit} subtitle={config.subtitles.edit} onCancel={onCancel}>
      {detail.isError ? (
        <EmptyState message={`This ${config.entityLabel.toLowerCase()} could not be loaded.`}>
          <Button $variant="secondary" onClick={onCancel}>
            Back to list
          </Button>
        </EmptyState>
      ) : (
        <Spinner />
      )}
    </FormFrame>
  );
}

function FormBody<TRecord extends { id: number }, TValues extends FieldValues, TBody>(
  props: BodyProps<TRecord, TValues, TBody>,
) {
  const { config, resource, record, prefill, onDone, onCancel, onDirtyChange } = props;
  const mode = record ? 'edit' : 'create';
  const mayWrite = useMay('POST', resource.path);
  const mayVoid = useCan('void');
  const form = useForm<TValues, unknown, TBody>({
    resolver: zodResolver(config.schema),
    defaultValues: (record ? config.toFormValues(record) : { ...config.emptyValues, ...rememberedValues(config.remember), ...prefill?.values }) as DefaultValues<TValues>,
    mode: 'onTouched',
  });
  const watched: Record<string, unknown> = useWatch({ control: form.control });
  const lineConfig = config.lines;
  const [lines, setLines] = useState<EditorLine[]>(() => {
    if (!lineConfig) return [];
    if (record) return lineConfig.fromRecord(record).map((values) => editorLine(values, true));
    if (prefill && prefill.lines.length > 0) return prefill.lines.map((values) => editorLine({ ...lineConfig.blank, ...values }, true));
    return lineConfig.invoices ? [] : [editorLine(lineConfig.blank, false)];
  });
  // Work in progress is kept in the browser until it is saved or discarded.
  const draft = useFormDraft({ key: draftKey(resource.path, record?.id ?? null), form, values: watched, lines, setLines });
  const copied = useCopiedLines({ config: lineConfig, values: watched, opened: record ? config.toFormValues(record) : null, form, setLines });
  useEffect(() => onDirtyChange?.(draft.dirty), [draft.dirty, onDirtyChange]);
  const [discarding, setDiscarding] = useState(false);
  const cancel = () => (draft.dirty ? setDiscarding(true) : onCancel());
  const { save, destroy, voidIt, refused, dismissRefusal, makeInactive, isSaving, isDeleting } = useEntitySave({
    config,
    resource,
    record,
    setError: form.setError,
    onDone: () => {
      remember(config.remember, form.getValues());
      draft.clear();
      onDone();
    },
  });
  // Nothing on the screen may vanish: a line typed but not saved is saved with the rest when it
  // is valid, and stops the submit, named, when it is not. Only untouched blank lines are left
  // out. A document needs at least one line (SEED-SPEC §5).
  const [lineProblems, setLineProblems] = useState<ReadonlyMap<number, string>>(new Map());
  const checkLines = (): { send: EditorLine[] } | { problem: string } => {
    if (!lineConfig) return { send: [] };
    const problems = new Map<number, string>();
    const send = lines.filter((line, index) => {
      if (line.saved) return true;
      if (isBlank(line.values, lineConfig.blank) || lineConfig.skip?.(line.values)) return false;
      const problem = lineConfig.problem(line.values, watched);
      if (problem) problems.set(line.key, `Line ${index + 1} is not saved: ${problem}`);
      return true;
    });
    setLineProblems(problems);
    if (problems.size > 0) return { problem: [...problems.values()].join(' ') };
    return send.length === 0 && !lineConfig.optional?.(watched) ? { problem: lineConfig.needSaved } : { send };
  };
  const submit = (values: TBody) => {
    if (!lineConfig) return save(values);
    const checked = checkLines();
    if ('problem' in checked) {
      toast({ title: 'Error', description: checked.problem, variant: 'destructive' });
      return;
    }
    setLines(lines.map((line) => (checked.send.includes(line) ? { ...line, saved: true } : line)));
    save({ ...values, lines: checked.send.map((line) => lineConfig.toBody(line.values)) });
  };
  // Every mistake at once: the fields' own messages, and the lines' in the toast.
  const invalid = () => {
    if (!lineConfig) return;
    const checked = checkLines();
    if ('problem' in checked) toast({ title: 'Error', description: checked.problem, variant: 'destructive' });
  };
  // A role that may not change it sees the record, not an "Edit" form.
  const title = record && !mayWrite ? config.entityLabel : config.titles[mode];

  // A voided payment or receipt is shown as it was, with why; it is not edited any more.
  const voidedBecause = record && config.voidConfirm ? config.voidConfirm.voidedBecause(record) : null;
  const readOnly = voidedBecause !== null || !mayWrite;
  // A phone's document form: the total, 'Received in full' and the save button in a bar at its foot.
  const barred = useNarrow() && Boolean(lineConfig) && !readOnly;
  const useTotal = () => lineConfig!.useTotals(countedLines(lineConfig!, lines, watched), watched).total;
  const settleNow = !record && lineConfig ? config.settleNow : undefined;
  const fill = (total: string) => form.setValue(settleNow!.amountField as never, total as never, { shouldDirty: true, shouldValidate: true });
  const submitLabel = record ? config.submitLabels.update : config.submitLabels.create;
  return (
    <FormFrame title={title} subtitle={record && !mayWrite ? 'Read-only for your role' : config.subtitles[mode]} onCancel={cancel} focusTitle>
      <Stack $gap={16}>
        <form noValidate aria-label={title} onSubmit={form.handleSubmit(submit, invalid)}>
          <Stack $gap={16}>
            {draft.offered && (
              <DraftOffer
                at={draft.offered.at}
                onRestore={() => {
                  copied.adopt();
                  draft.restore();
                }}
                onDismiss={draft.dismiss}
              />
            )}
            {voidedBecause !== null && (
              <NoticeText role="status" $warning>
                This {config.entityLabel.toLowerCase()} was voided: {voidedBecause}. It settles no invoice and cannot be changed.
              </NoticeText>
            )}
            {voidedBecause === null && !mayWrite && (
              <NoticeText role="status" $warning={false}>Your role can see this {config.entityLabel.toLowerCase()} but not change it.</NoticeText>
            )}
            <Unframed disabled={readOnly}>
              <Stack $gap={16}>
                <FormSections
                  sections={config.sections}
                  register={form.register}
                  errors={form.formState.errors}
                  values={watched}
                />
                {config.useNotice && <FormNotice useNotice={config.useNotice} values={watched} record={record} />}
                {lineConfig && (
                  <LineEditor config={lineConfig} lines={lines} onChange={setLines} values={watched} record={record} problems={lineProblems} />
                )}
                {settleNow && (
                  <FormSections
                    sections={[settleNow.section]}
                    register={form.register}
                    errors={form.formState.errors}
                    values={watched}
                    footer={barred ? undefined : <FullRow><SettleInFull useTotal={useTotal} label={settleNow.fullLabel} onFill={fill} /></FullRow>}
                  />
                )}
              </Stack>
            </Unframed>
            <FormActions
              submitLabel={submitLabel}
              submitElsewhere={barred}
              isSaving={isSaving}
              isBusy={isSaving || isDeleting}
              onCancel={cancel}
              deleteConfirm={record ? config.deleteConfirm : undefined}
              onDelete={destroy}
              refused={refused === null ? null : { label: config.entityLabel, reason: refused, dismiss: dismissRefusal, makeInactive }}
              voidConfirm={record && mayVoid ? config.voidConfirm : undefined}
              onVoid={voidIt}
              readOnly={readOnly}
              saves={record ? { method: 'PUT', path: `${resource.path}/${record.id}` } : { method: 'POST', path: resource.path }}
            />
            {barred && (
              <FormBar useTotal={useTotal} inFull={settleNow && { label: settleNow.fullLabel, onFill: fill }}>
                <SubmitButton label={submitLabel} isSaving={isSaving} isBusy={isSaving || isDeleting} />
              </FormBar>
            )}
          </Stack>
        </form>
        <ConfirmDialog
          open={discarding}
          onOpenChange={setDiscarding}
          title="Discard changes?"
          description="What you typed in this form has not been saved."
          confirmLabel="Discard"
          cancelLabel="Keep editing"
          onConfirm={() => {
            draft.clear();
            onCancel();
          }}
        />
        {record && config.below && (
          <Card aria-labelledby="form-below">
            <CardHeading id="form-below">{config.below.title}</CardHeading>
            {config.below.render(record)}
          </Card>
        )}
        {record && config.showHistory !== false && (
          <RecordHistory resource={resource} id={record.id} sections={config.sections} />
        )}
      </Stack>
    </FormFrame>
  );
}

/** 'Received in full' with the total as it stands (a hook: the totals read the business and the party). */
function SettleInFull(props: { useTotal: () => string; label: string; onFill: (total: string) => void }) {
  return <InFull total={props.useTotal()} label={props.label} onFill={props.onFill} />;
}

function FormFrame(props: { title: string; subtitle: string; onCancel: () => void; focusTitle?: boolean; children: ReactNode }) {
  return (
    <>
      <TopBar
        title={props.title}
        subtitle={props.subtitle}
        back={{ label: 'Back to list', onClick: props.onCancel }}
        focusTitle={props.focusTitle}
      />
      <Main>{props.children}</Main>
    </>
  );
}

/**
 * A fieldset only for `disabled` (a voided record's fields and lines): no frame of its own. On a
 * phone a field scrolled to is kept clear of the bar at the form's foot.
 */
const Unframed = styled.fieldset`
  border: 0;
  margin: 0;
  padding: 0;
  min-width: 0;
  @media (max-width: 639px) { input, select, textarea { scroll-margin-bottom: 140px; } }
`;
