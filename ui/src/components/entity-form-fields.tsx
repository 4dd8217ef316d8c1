import { isRecord } from '@erp/contracts/shell';
import type { ReactNode } from 'react';
import { get, type FieldErrors, type FieldValues, type UseFormRegister } from 'react-hook-form';
import styled from 'styled-components';

import type { FieldConfig, FormSection } from '@/components/entity-config';
import { describedBy, FieldShell, Input, Select, Textarea } from '@/components/form-field';
import { Card, CardHeading } from '@/components/layout';

/** A field's error message, as react-hook-form keeps it (`errors.lines.0.rate`). */
const messageOf = (error: unknown) => (isRecord(error) && typeof error.message === 'string' ? error.message : undefined);

const Grid = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 16px;
  @media (min-width: 640px) { grid-template-columns: repeat(2, minmax(0, 1fr)); }
`;

const Money = styled.div`
  position: relative;
  span {
    position: absolute;
    left: 12px;
    top: 50%;
    transform: translateY(-50%);
    color: ${({ theme }) => theme.colors.muted};
    pointer-events: none;
  }
  input { padding-left: 28px; }
`;

const Check = styled.input`width: 24px; height: 24px; margin: 10px 0;`;

const Upper = styled(Input)`text-transform: uppercase; &::placeholder { text-transform: none; }`;

interface FieldsProps<TValues extends FieldValues> {
  sections: readonly FormSection<TValues>[];
  /** The form's current values, for options that depend on them. */
  values?: Record<string, unknown>;
  register: UseFormRegister<TValues>;
  errors: FieldErrors<TValues>;
  /** Under the fields of the last section (a 'Received in full' button). */
  footer?: ReactNode;
}

/** The form's sections as cards, each a responsive grid of labelled controls. */
export function FormSections<TValues extends FieldValues>(props: FieldsProps<TValues>) {
  const { sections, register, errors, values = {}, footer } = props;
  return sections.map((section) => (
    <Card key={section.title} aria-labelledby={headingId(section.title)}>
      <CardHeading id={headingId(section.title)}>{section.title}</CardHeading>
      <Grid>
        {section.fields.filter((field) => field.showWhen?.(values) ?? true).map((field) => {
          const error = messageOf(get(errors, field.name));
          const shell = (hint: string | undefined) => (
            <FieldShell
              key={field.name}
              id={fieldId(field.name)}
              label={field.label}
              required={field.required}
              hint={hint}
              error={error}
              wide={field.wide ?? field.kind === 'textarea'}
            >
              <Control field={field} register={register} error={error} values={values} hint={hint} />
            </FieldShell>
          );
          return field.useHint ? <LiveHint key={field.name} useHint={field.useHint} values={values} fallback={field.hint} render={shell} /> : shell(field.hint);
        })}
      </Grid>
      {section === sections.at(-1) && footer}
    </Card>
  ));
}

const headingId = (title: string) => `section-${title.toLowerCase().replace(/\W+/g, '-')}`;
const fieldId = (name: string) => `field-${name.replace(/\./g, '-')}`;

/** A field whose hint is worked out from the form's values (a hook of its own, so called on every render of this field). */
function LiveHint(props: {
  useHint: (values: Record<string, unknown>) => string | null;
  values: Record<string, unknown>;
  fallback?: string;
  render: (hint: string | undefined) => ReactNode;
}) {
  return props.render(props.useHint(props.values) ?? props.fallback);
}

interface ControlProps<TValues extends FieldValues> {
  field: FieldConfig<TValues>;
  values: Record<string, unknown>;
  register: UseFormRegister<TValues>;
  error?: string;
  hint?: string;
}

function Control<TValues extends FieldValues>({ field, register, error, values, hint }: ControlProps<TValues>) {
  const id = fieldId(field.name);
  const common = {
    id,
    ...register(field.name),
    placeholder: field.placeholder,
    autoComplete: field.autoComplete ?? 'off',
    'aria-invalid': error ? true : undefined,
    'aria-required': field.required || undefined,
    'aria-describedby': describedBy(id, hint, error),
  };
  switch (field.kind) {
    case 'textarea':
      return <Textarea rows={3} {...common} />;
    case 'select':
      return field.useOptions ? (
        <LoadedSelect useOptions={field.useOptions} values={values} common={common} />
      ) : (
        <Select {...common}>
          <Options options={field.optionsFor?.(values) ?? field.options ?? []} />
        </Select>
      );
    case 'money':
      return (
        <Money>
          <span aria-hidden="true">₹</span>
          <Input type="text" inputMode="decimal" {...common} />
        </Money>
      );
    // Numbers are typed as text on a decimal keypad: what was typed stays on screen, and a slip
    // ('12a', '1,2.5') is refused by the contract with a message instead of dropped by the browser.
    case 'number':
    case 'percent':
    case 'decimal':
      return <Input type="text" inputMode="decimal" {...common} />;
    case 'integer':
      return <Input type="text" inputMode="numeric" {...common} />;
    case 'date':
      return <Input type="date" {...common} />;
    case 'checkbox':
      return <Check type="checkbox" {...common} />;
    case 'text':
    case 'email':
    case 'tel':
      return field.uppercase ? <Upper type="text" {...common} /> : <Input type={field.kind} {...common} />;
  }
}

function Options({ options }: { options: readonly { value: string; label: string }[] }) {
  return (
    <>
      <option value="">Select…</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </>
  );
}

/**
 * A select whose options come from another resource (vendors for an invoice). Until they have
 * loaded it is not rendered, so the form's value is set on a select that has its option.
 */
function LoadedSelect(props: {
  useOptions: (values: Record<string, unknown>) => readonly { value: string; label: string }[] | null;
  values: Record<string, unknown>;
  common: Record<string, unknown>;
}) {
  const options = props.useOptions(props.values);
  if (!options) return <Select disabled aria-busy="true" id={String(props.common.id)}><option>Loading…</option></Select>;
  return (
    <Select {...props.common}>
      <Options options={options} />
    </Select>
  );
}
