import { ChevronDown, ChevronUp } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';

import { Badge } from '@/components/entity-card';
import { VisuallyHidden } from '@/components/visually-hidden';
import type { LineColumn, LinesConfig } from '@/components/entity-config';
import { formatMoney } from '@/lib/format';
import type { EditorLine } from '@/components/editor-line';

/**
 * What a line says in a row: its name (the first required text, or the invoice it settles),
 * quantity × rate where it has both, and its amount.
 */
export const lineSummary = <TRecord,>(config: LinesConfig<TRecord>, columns: readonly LineColumn[], line: EditorLine) => {
  const value = (column?: LineColumn) => (column ? (line.values[column.name] ?? '').trim() : '');
  const named = columns.find((column) => column.kind === 'text' && column.required);
  const picked = columns.find((column) => column.kind === 'invoice');
  const quantity = value(columns.find((column) => column.kind === 'quantity' && column.required));
  const price = value(columns.find((column) => column.kind === 'money' && column.required));
  const amount = config.amountOf ? config.amountOf(line.values) : price || null;
  return {
    name: value(named) || (picked ? (line.values.invoiceNumber ?? '') : '') || 'Not filled in yet',
    detail: quantity && price && config.amountOf ? `${quantity} × ${formatMoney(price)}` : '',
    amount: amount ? formatMoney(amount) : '',
  };
};

/**
 * Which lines are open on a phone. A draft opens and a saved line is a row until tapped; the line
 * being edited stays open and the others close when another is edited or added (untouched blank
 * lines stay open, ready; a line with a problem stays open). `focus` then moves to the line's
 * toggle after it opens or closes.
 */
export function useOpenLines(lines: readonly EditorLine[], blank: (line: EditorLine) => boolean, problems?: ReadonlyMap<number, string>) {
  const [shown, setShown] = useState<ReadonlyMap<number, boolean>>(new Map());
  const toggled = useRef<number | null>(null);
  const wrong = (line: EditorLine) => !line.saved && Boolean(problems?.has(line.key));
  const isOpen = (line: EditorLine) => wrong(line) || (shown.get(line.key) ?? !line.saved);
  const set = (key: number, open: boolean) => setShown((prev) => (prev.get(key) === open ? prev : new Map(prev).set(key, open)));
  const edit = (key: number) =>
    setShown((prev) => {
      const next = new Map(prev);
      for (const line of lines) if (line.key !== key && !blank(line)) next.set(line.key, false);
      next.set(key, true);
      return [...next].every(([k, open]) => prev.get(k) === open) ? prev : next;
    });
  const toggle = (key: number, open: boolean) => {
    toggled.current = key;
    if (open) edit(key);
    else set(key, false);
  };
  useEffect(() => {
    if (toggled.current === null) return;
    document.querySelector<HTMLElement>(`[data-line="${toggled.current}"] [aria-expanded]`)?.focus();
    toggled.current = null;
  });
  // A line that stopped the submit: open, and its first field focused.
  useEffect(() => {
    const key = [...(problems?.keys() ?? [])][0];
    if (key !== undefined) document.querySelector<HTMLElement>(`[data-line="${key}"] :is(input, select):not(:disabled)`)?.focus();
  }, [problems]);
  return { isOpen, wrong, edit, keep: (key: number) => set(key, true), toggle };
}

/**
 * A closed line: one button that says the line and opens it. Its name is its text, in reading
 * order ('Line 1: Rice, 2 × ₹610.00, ₹1,220.00, Draft'); the grid places the parts.
 */
export function LineRow(props: { index: number; line: EditorLine; summary: ReturnType<typeof lineSummary>; states: { draft: string; saved: string }; onOpen: () => void }) {
  const { index, line, summary, states, onOpen } = props;
  const part = (className: string, text: string) =>
    text && (
      <>
        <VisuallyHidden>, </VisuallyHidden>
        <span className={className}>{text}</span>
      </>
    );
  return (
    <Closed role="group" aria-label={`Line ${index + 1}`} data-line={line.key}>
      <button type="button" aria-expanded={false} onClick={onOpen}>
        <span className="line">Line {index + 1}</span>
        <VisuallyHidden>: </VisuallyHidden>
        <span className="name">{summary.name}</span>
        {part('detail', summary.detail)}
        {part('amount', summary.amount)}
        <VisuallyHidden>, </VisuallyHidden>
        <span className="state">
          <Badge $tone={line.saved ? 'green' : 'grey'}>{line.saved ? states.saved : states.draft}</Badge>
          <ChevronDown size={18} aria-hidden="true" />
        </span>
      </button>
    </Closed>
  );
}

/** An open line's control that closes it back to its row (a phone's). */
export function CloseLine(props: { index: number; onClose: () => void }) {
  return (
    <Close type="button" aria-expanded={true} aria-label={`Collapse line ${props.index + 1}`} onClick={props.onClose}>
      Collapse
      <ChevronUp size={18} aria-hidden="true" />
    </Close>
  );
}

const Closed = styled.div`
  margin: 0 0 8px;
  & > button {
    position: relative;
    display: grid;
    grid-template-columns: auto minmax(0, 1fr) auto;
    grid-template-areas: 'name name amount' 'line detail state';
    gap: 2px 0;
    width: 100%;
    min-height: 56px;
    padding: 8px 12px;
    border: 1px solid ${({ theme }) => theme.colors.borderStrong};
    border-radius: ${({ theme }) => theme.radius.sm};
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
    font: inherit;
    text-align: left;
    cursor: pointer;
  }
  .name { grid-area: name; font-weight: 600; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  .amount { grid-area: amount; padding-left: 12px; font-weight: 700; text-align: right; font-variant-numeric: tabular-nums; }
  .line, .detail { font-size: 13px; color: ${({ theme }) => theme.colors.muted}; font-variant-numeric: tabular-nums; }
  .line { grid-area: line; }
  .detail { grid-area: detail; padding-left: 10px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
  .state { grid-area: state; display: flex; align-items: center; justify-content: flex-end; gap: 4px; color: ${({ theme }) => theme.colors.muted}; }
`;

const Close = styled.button`
  position: absolute;
  top: 2px;
  right: 8px;
  display: inline-flex;
  align-items: center;
  gap: 4px;
  min-height: ${({ theme }) => theme.touch};
  padding: 0 8px;
  border: 0;
  background: transparent;
  color: ${({ theme }) => theme.colors.primary};
  font: inherit;
  font-weight: 600;
  font-size: 14px;
  cursor: pointer;
`;
