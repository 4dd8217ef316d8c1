import styled from 'styled-components';

import { describedBy, FieldShell, Input, Select, Textarea } from '@/components/form-field';

export const Grid = styled.div`
  display: grid;
  gap: 12px;
  grid-template-columns: 1fr;
  @media (min-width: 640px) { grid-template-columns: 1fr 1fr; }
`;

export type Values = Record<string, string>;

interface FieldProps {
  name: string;
  label: string;
  values: Values;
  errors: Values;
  onChange: (name: string, value: string) => void;
  required?: boolean;
  hint?: string;
  inputMode?: 'numeric' | 'text';
  type?: string;
  wide?: boolean;
  options?: readonly (readonly [string, string])[];
  multiline?: boolean;
}

/** One labelled control of the e-documents' forms, its error from the server's 400 under it. */
export function Field({ name, label, values, errors, onChange, required, hint, inputMode, type, wide, options, multiline }: FieldProps) {
  const id = `edoc-${name}`;
  const common = { id, name, value: values[name] ?? '', 'aria-invalid': errors[name] ? true : undefined, 'aria-describedby': describedBy(id, hint, errors[name]) };
  return (
    <FieldShell id={id} label={label} required={required} hint={hint} error={errors[name]} wide={wide}>
      {options ? (
        <Select {...common} onChange={(e) => onChange(name, e.target.value)}>
          {options.map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </Select>
      ) : multiline ? (
        <Textarea {...common} rows={4} onChange={(e) => onChange(name, e.target.value)} />
      ) : (
        <Input {...common} type={type ?? 'text'} inputMode={inputMode} onChange={(e) => onChange(name, e.target.value)} />
      )}
    </FieldShell>
  );
}

/** A 400's or 409's issues by field; what names no field is the form's own message. */
export const issuesByField = (issues: readonly { path: string; message: string }[]): Values =>
  Object.fromEntries(issues.map((i) => [i.path || 'form', i.message]));
