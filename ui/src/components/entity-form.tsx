import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState, type ReactNode } from 'react';
import { useForm, useWatch, type DefaultValues, type FieldValues } from 'react-hook-form';
import styled from 'styled-components';

import { Button } from '@/components/button';
import type { FormConfig } from '@/components/entity-config';
import { FormActions } from '@/components/entity-form-actions';
import { FormSections } from '@/components/entity-form-fields';
import { editorLine, type EditorLine, LineEditor } from '@/components/line-editor';
import { EmptyState } from '@/components/empty-state';
import { Main, Stack, TopBar } from '@/components/layout';
import { RecordHistory } from '@/components/record-history';
import { Spinner } from '@/components/spinner';
import { useEntitySave } from '@/components/use-entity-save';
import { toast } from '@/lib/toast-store';
import type { Resource } from '@/lib/resource';

export interface EntityFormProps<TRecord extends { id: number }, TValues extends FieldValues, TBody> {
  config: FormConfig<TRecord, TValues, TBody>;
  resource: Resource<TRecord, TBody>;
  /** Edit mode when given, create mode otherwise (SEED-SPEC common list-screen pattern). */
  record?: TRecord;
  onDone: () => void;
  onCancel: () => void;
}

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
  if (!props.record) return <FormBody {...props} />;
  return <EditForm {...props} record={props.record} />;
}

function EditForm<TRecord extends { id: number }, TValues extends FieldValues, TBody>(
  props: EntityFormProps<TRecord, TValues, TBody> & { record: TRecord },
) {
  const { config, resource, record, onCancel } = props;
  // Always fetched on open, for the current values and ETag; the form waits for that fetch so a
  // late answer cannot overwrite what the user starts typing.
  const detail = resource.useOne(record.id, { refetchOnMount: 'always' });
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
  props: EntityFormProps<TRecord, TValues, TBody>,
) {
  const { config, resource, record, onDone, onCancel } = props;
  const mode = record ? 'edit' : 'create';
  const form = useForm<TValues, unknown, TBody>({
    resolver: zodResolver(config.schema),
    defaultValues: (record ? config.toFormValues(record) : config.emptyValues) as DefaultValues<TValues>,
    mode: 'onTouched',
  });
  const { save, destroy, isSaving, isDeleting } = useEntitySave({
    config,
    resource,
    record,
    setError: form.setError,
    onDone,
  });
  const watched = useWatch({ control: form.control }) as Record<string, unknown>;
  const lineConfig = config.lines;
  const [lines, setLines] = useState<EditorLine[]>(() => {
    if (!lineConfig) return [];
    if (record) return lineConfig.fromRecord(record).map((values) => editorLine(values, true));
    return lineConfig.invoices ? [] : [editorLine(lineConfig.blank, false)];
  });
  // A document sends its saved lines only, and needs at least one (SEED-SPEC §5).
  const submit = (values: TBody) => {
    if (!lineConfig) return save(values);
    const saved = lines.filter((line) => line.saved);
    if (saved.length === 0) {
      toast({ title: 'Error', description: lineConfig.needSaved, variant: 'destructive' });
      return;
    }
    save({ ...values, lines: saved.map((line) => lineConfig.toBody(line.values)) });
  };
  const title = config.titles[mode];
  return (
    <FormFrame title={title} subtitle={config.subtitles[mode]} onCancel={onCancel}>
      <Stack $gap={16}>
        <form noValidate aria-label={title} onSubmit={form.handleSubmit(submit)}>
          <Stack $gap={16}>
            <FormSections
              sections={config.sections}
              register={form.register}
              errors={form.formState.errors}
              values={watched}
            />
            {config.useNotice && <FormNotice useNotice={config.useNotice} values={watched} record={record} />}
            {lineConfig && (
              <LineEditor config={lineConfig} lines={lines} onChange={setLines} values={watched} record={record} />
            )}
            <FormActions
              submitLabel={record ? config.submitLabels.update : config.submitLabels.create}
              isSaving={isSaving}
              isBusy={isSaving || isDeleting}
              onCancel={onCancel}
              deleteConfirm={record ? config.deleteConfirm : undefined}
              onDelete={destroy}
            />
          </Stack>
        </form>
        {record && config.showHistory !== false && (
          <RecordHistory resource={resource} id={record.id} sections={config.sections} />
        )}
      </Stack>
    </FormFrame>
  );
}

function FormFrame(props: { title: string; subtitle: string; onCancel: () => void; children: ReactNode }) {
  return (
    <>
      <TopBar
        title={props.title}
        subtitle={props.subtitle}
        back={{ label: 'Back to list', onClick: props.onCancel }}
      />
      <Main>{props.children}</Main>
    </>
  );
}

const NoticeText = styled.p<{ $warning: boolean }>`
  padding: 12px;
  border-radius: ${({ theme }) => theme.radius.sm};
  font-size: 15px;
  background: ${({ $warning }) => ($warning ? '#fef9c3' : '#f1f5f9')};
  color: ${({ $warning }) => ($warning ? '#854d0e' : '#334155')};
`;

function FormNotice<TRecord>(props: {
  useNotice: (values: Record<string, unknown>, record?: TRecord) => { text: string; warning: boolean } | null;
  values: Record<string, unknown>;
  record?: TRecord;
}) {
  const notice = props.useNotice(props.values, props.record);
  if (!notice) return null;
  return (
    <NoticeText role="status" $warning={notice.warning}>
      {notice.text}
    </NoticeText>
  );
}
