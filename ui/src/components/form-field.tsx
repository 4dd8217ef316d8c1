import type { ReactNode } from 'react';
import styled, { css } from 'styled-components';

const Wrap = styled.div<{ $wide?: boolean }>`
  display: flex;
  flex-direction: column;
  gap: 6px;
  grid-column: ${({ $wide }) => ($wide ? '1 / -1' : 'auto')};
`;

const Label = styled.label`
  font-size: 14px;
  font-weight: 600;
`;

const RequiredMark = styled.span`
  color: ${({ theme }) => theme.colors.dangerText};
  white-space: pre;
`;

const Hint = styled.p`
  font-size: 13px;
  color: ${({ theme }) => theme.colors.muted};
`;

const ErrorText = styled.p`
  font-size: 13px;
  font-weight: 500;
  color: ${({ theme }) => theme.colors.dangerText};
`;

export const controlStyles = css`
  width: 100%;
  min-height: ${({ theme }) => theme.touch};
  padding: 10px 12px;
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.colors.surface};
  font-size: 16px;
  &::placeholder { color: ${({ theme }) => theme.colors.subtle}; }
  &:focus { border-color: ${({ theme }) => theme.colors.primary}; }
  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.danger};
    background: ${({ theme }) => theme.colors.dangerSoft};
  }
`;

export const Input = styled.input`${controlStyles}`;
export const Textarea = styled.textarea`${controlStyles} resize: vertical;`;
export const Select = styled.select`${controlStyles}`;

export interface FieldShellProps {
  id: string;
  label: string;
  required?: boolean;
  hint?: string;
  error?: string;
  wide?: boolean;
  children: ReactNode;
  /** Placement in a parent grid (a line's wide column). */
  className?: string;
}

/** Ids for the hint and the error, to wire into the control's aria-describedby. */
export const describedBy = (id: string, hint?: string, error?: string) =>
  [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;

/** Label with a required mark, the control, a hint and the field's error message. */
export function FieldShell({ id, label, required, hint, error, wide, className, children }: FieldShellProps) {
  return (
    <Wrap $wide={wide} className={className}>
      <Label htmlFor={id}>
        {label}
        {required && <RequiredMark aria-hidden="true">{' *'}</RequiredMark>}
      </Label>
      {children}
      {hint && <Hint id={`${id}-hint`}>{hint}</Hint>}
      {error && (
        <ErrorText id={`${id}-error`} role="alert">
          {error}
        </ErrorText>
      )}
    </Wrap>
  );
}
