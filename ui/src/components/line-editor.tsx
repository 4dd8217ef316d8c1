import { Check, Pencil, Plus, Trash2 } from 'lucide-react';
import styled from 'styled-components';

import { Button } from '@/components/button';
import { editorLine, type EditorLine } from '@/components/editor-line';
import { Badge } from '@/components/entity-card';
import type { LinesConfig, LineValues } from '@/components/entity-config';
import { Card, CardHeading } from '@/components/layout';
import { useNarrow } from '@/components/entity-form-bar';
import { LineControl } from '@/components/line-controls';
import { CloseLine, lineSummary, LineRow, useOpenLines } from '@/components/line-editor-row';
import { formatMoney } from '@/lib/format';
import { toast } from '@/lib/toast-store';

const Head = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  margin-bottom: 12px;
  h2 { margin: 0; }
`;

const LineBox = styled.fieldset`
  position: relative;
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radius.sm};
  padding: 12px;
  margin: 0 0 12px;
  legend { display: flex; align-items: center; gap: 8px; font-weight: 600; padding: 0 4px; }
`;

/** Two columns on a phone, four on a wider screen; names and descriptions take two. */
const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 12px;
  & > .wide { grid-column: span 2; }
  @media (min-width: 640px) { grid-template-columns: repeat(4, minmax(0, 1fr)); }
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  margin-top: 12px;
  & > strong { margin-right: auto; }
`;

const Hint = styled.p`
  font-size: 13px;
  color: ${({ theme }) => theme.colors.muted};
`;

const Totals = styled.dl`
  display: grid;
  grid-template-columns: 1fr auto;
  gap: 6px 16px;
  margin: 0;
  dd { margin: 0; text-align: right; font-variant-numeric: tabular-nums; }
  & > div:last-child > * { font-weight: 700; font-size: 17px; }
`;


/** A line nobody typed in: every value as the blank line has it. */
export const isBlank = (values: LineValues, blank: LineValues) =>
  Object.keys({ ...blank, ...values }).every((k) => (values[k] ?? '').trim() === (blank[k] ?? '').trim());

/**
 * The lines the totals count: those saved, and drafts that would save (a submit sends them).
 * Untouched blank lines and lines with a problem are not counted.
 */
export const countedLines = <TRecord,>(config: LinesConfig<TRecord>, lines: readonly EditorLine[], values: Record<string, unknown>) =>
  lines.filter((line) => line.saved || (!isBlank(line.values, config.blank) && config.problem(line.values, values) === null)).map((line) => line.values);

const LineProblem = styled.p`
  margin-top: 10px;
  padding: 8px 10px;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.colors.dangerSoft};
  color: ${({ theme }) => theme.colors.dangerText};
  font-size: 14px;
  font-weight: 500;
`;

interface Props<TRecord> {
  config: LinesConfig<TRecord>;
  lines: readonly EditorLine[];
  onChange: (lines: EditorLine[]) => void;
  /** The form's values (the party a payment's invoices belong to, the tax amount). */
  values: Record<string, unknown>;
  record?: TRecord;
  /** Why a line stopped the last submit, by its key (said under it until it is saved). */
  problems?: ReadonlyMap<number, string>;
}

/**
 * The one line editor of every document (SEED-SPEC §4): Add creates a draft line in edit mode;
 * Save Line checks it and marks it saved (with the 'Line saved' toast where the seed has one);
 * a saved line can be reopened; Delete re-indexes the rest. Totals count what a submit would send:
 * saved lines and drafts that would save. Picking an item on the last line adds a blank line.
 * On a phone a line not being edited is a row that opens when tapped (line-editor-row.tsx).
 */
export function LineEditor<TRecord>({ config, lines, onChange, values, record, problems }: Props<TRecord>) {
  const partyId = config.invoices ? Number(values[config.invoices.partyField] ?? 0) : 0;
  const canAdd = !config.invoices || partyId > 0;
  const set = (key: number, change: Partial<EditorLine>) =>
    onChange(lines.map((line) => (line.key === key ? { ...line, ...change } : line)));
  const save = (line: EditorLine) => {
    const problem = config.problem(line.values, values);
    if (problem) {
      toast({ title: 'Error', description: problem, variant: 'destructive' });
      return;
    }
    set(line.key, { saved: true });
    open.keep(line.key);
    if (config.savedToast) toast(config.savedToast);
  };
  const narrow = useNarrow();
  const open = useOpenLines(lines, (line) => !line.saved && isBlank(line.values, config.blank), problems);
  const remove = (key: number) => onChange(lines.filter((line) => line.key !== key));
  const totals = config.useTotals(countedLines(config, lines, values), values);
  /** An item picked on the last line: the next line is ready for the next item. */
  const change = (line: EditorLine, next: LineValues) => {
    const updated = lines.map((l) => (l.key === line.key ? { ...l, values: { ...l.values, ...next } } : l));
    const last = lines.at(-1)?.key === line.key;
    onChange(last && next.itemId && !line.values.itemId ? [...updated, editorLine(config.blank, false)] : updated);
    open.edit(line.key);
  };
  const add = () => {
    const line = editorLine(config.blank, false);
    onChange([...lines, line]);
    open.edit(line.key);
  };
  const columns = config.columns.filter((column) => column.showWhen?.(values) ?? true);
  const headingId = `section-${config.title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <>
      <Card aria-labelledby={headingId}>
        <Head>
          <CardHeading id={headingId}>{config.title}</CardHeading>
          <Button $variant="secondary" disabled={!canAdd} aria-describedby={canAdd ? undefined : `${headingId}-hint`} onClick={add}>
            <Plus size={18} aria-hidden="true" />
            {config.addLabel}
          </Button>
        </Head>
        {!canAdd && config.invoices && <Hint id={`${headingId}-hint`}>{config.invoices.hint}</Hint>}
        {lines.map((line, index) =>
          narrow && !open.isOpen(line) ? (
            <LineRow key={line.key} index={index} line={line} summary={lineSummary(config, columns, line)} states={config.states} onOpen={() => open.toggle(line.key, true)} />
          ) : (
          <LineBox
            key={line.key}
            aria-label={`Line ${index + 1}`}
            data-line={line.key}
            onFocus={narrow ? () => open.edit(line.key) : undefined}
            onKeyDown={(event) => {
              // Enter in a line's field saves that line, not the whole form.
              if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement)) return;
              event.preventDefault();
              if (!line.saved) save(line);
            }}
          >
            <legend>
              Line {index + 1}
              <Badge $tone={line.saved ? 'green' : 'grey'}>{line.saved ? config.states.saved : config.states.draft}</Badge>
            </legend>
            {narrow && !open.wrong(line) && <CloseLine index={index} onClose={() => open.toggle(line.key, false)} />}
            <Grid>
              {columns.map((column) => (
                <LineControl
                  key={column.name}
                  column={column}
                  id={`line-${line.key}-${column.name}`}
                  line={line}
                  config={config}
                  partyId={partyId}
                  record={record}
                  others={lines.filter((l) => l.key !== line.key).map((l) => l.values.invoiceId)}
                  onValues={(next) => change(line, next)}
                />
              ))}
            </Grid>
            {!line.saved && problems?.get(line.key) && <LineProblem role="alert">{problems.get(line.key)}</LineProblem>}
            <Row>
              <strong>{config.amountOf ? `Amount: ${formatMoney(config.amountOf(line.values) ?? 0)}` : ''}</strong>
              {line.saved ? (
                <Button $variant="secondary" onClick={() => set(line.key, { saved: false })}>
                  <Pencil size={16} aria-hidden="true" />
                  Edit Line
                </Button>
              ) : (
                <Button $variant="secondary" onClick={() => save(line)}>
                  <Check size={16} aria-hidden="true" />
                  Save Line
                </Button>
              )}
              {(!config.keepOne || lines.length > 1) && (
                <Button $variant="danger" aria-label={`Delete line ${index + 1}`} onClick={() => remove(line.key)}>
                  <Trash2 size={16} aria-hidden="true" />
                  Delete
                </Button>
              )}
            </Row>
          </LineBox>
          ),
        )}
      </Card>
      <Card aria-label={config.totalsTitle}>
        <CardHeading>{config.totalsTitle}</CardHeading>
        <Totals>
          {totals.rows.map((total) => (
            <div key={total.label} style={{ display: 'contents' }}>
              <dt>{total.label}</dt>
              <dd>{total.value}</dd>
            </div>
          ))}
        </Totals>
        {config.useNotice && <Notice useNotice={config.useNotice} values={values} total={totals.total} record={record} />}
      </Card>
    </>
  );
}

const NoticeText = styled.p<{ $warning: boolean }>`
  margin-top: 12px;
  padding: 10px 12px;
  border-radius: ${({ theme }) => theme.radius.sm};
  font-size: 14px;
  background: ${({ $warning }) => ($warning ? '#fef9c3' : '#f1f5f9')};
  color: ${({ $warning }) => ($warning ? '#854d0e' : '#334155')};
`;

function Notice<TRecord>(props: {
  useNotice: NonNullable<LinesConfig<TRecord>['useNotice']>;
  values: Record<string, unknown>;
  total: string;
  record?: TRecord;
}) {
  const notice = props.useNotice(props.values, props.total, props.record);
  if (!notice) return null;
  return (
    <NoticeText role="status" $warning={notice.warning}>
      {notice.text}
    </NoticeText>
  );
}
