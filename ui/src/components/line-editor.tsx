import { STEPS } from '@erp/contracts';
import { Check, Pencil, Plus, Trash2 } from 'lucide-react';
import styled from 'styled-components';

import { Button } from '@/components/button';
import { Badge } from '@/components/entity-card';
import type { LineColumn, LinesConfig, LineValues, OpenInvoice } from '@/components/entity-config';
import { FieldShell, Input, Select } from '@/components/form-field';
import { Card, CardHeading } from '@/components/layout';
import { formatMoney } from '@/lib/format';
import { toast } from '@/lib/toast-store';

/** A line as the editor holds it: its values and whether it is saved. */
export interface EditorLine {
  key: number;
  saved: boolean;
  values: LineValues;
}

const Head = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  margin-bottom: 12px;
  h2 { margin: 0; }
`;

const LineBox = styled.fieldset`
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radius.sm};
  padding: 12px;
  margin: 0 0 12px;
  legend { display: flex; align-items: center; gap: 8px; font-weight: 600; padding: 0 4px; }
`;

const Grid = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 12px;
  @media (min-width: 640px) { grid-template-columns: repeat(2, minmax(0, 1fr)); }
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

let nextKey = 1;
export const editorLine = (values: LineValues, saved: boolean): EditorLine => ({ key: nextKey++, saved, values });

/** A line nobody typed in: every value as the blank line has it. */
export const isBlank = (values: LineValues, blank: LineValues) =>
  Object.keys({ ...blank, ...values }).every((k) => (values[k] ?? '').trim() === (blank[k] ?? '').trim());

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
 * a saved line can be reopened; Delete re-indexes the rest. Totals count saved lines only.
 */
export function LineEditor<TRecord>({ config, lines, onChange, values, record, problems }: Props<TRecord>) {
  const partyId = config.invoices ? Number(values[config.invoices.partyField] ?? 0) : 0;
  const canAdd = !config.invoices || partyId > 0;
  const set = (key: number, change: Partial<EditorLine>) =>
    onChange(lines.map((line) => (line.key === key ? { ...line, ...change } : line)));
  const save = (line: EditorLine) => {
    const problem = config.problem(line.values);
    if (problem) {
      toast({ title: 'Error', description: problem, variant: 'destructive' });
      return;
    }
    set(line.key, { saved: true });
    if (config.savedToast) toast(config.savedToast);
  };
  const remove = (key: number) => onChange(lines.filter((line) => line.key !== key));
  const saved = lines.filter((line) => line.saved).map((line) => line.values);
  const headingId = `section-${config.title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <>
      <Card aria-labelledby={headingId}>
        <Head>
          <CardHeading id={headingId}>{config.title}</CardHeading>
          <Button
            $variant="secondary"
            disabled={!canAdd}
            aria-describedby={canAdd ? undefined : `${headingId}-hint`}
            onClick={() => onChange([...lines, editorLine(config.blank, false)])}
          >
            <Plus size={18} aria-hidden="true" />
            {config.addLabel}
          </Button>
        </Head>
        {!canAdd && config.invoices && <Hint id={`${headingId}-hint`}>{config.invoices.hint}</Hint>}
        {lines.map((line, index) => (
          <LineBox key={line.key} aria-label={`Line ${index + 1}`}>
            <legend>
              Line {index + 1}
              <Badge $tone={line.saved ? 'green' : 'grey'}>{line.saved ? config.states.saved : config.states.draft}</Badge>
            </legend>
            <Grid>
              {config.columns.map((column) => (
                <LineControl
                  key={column.name}
                  column={column}
                  id={`line-${line.key}-${column.name}`}
                  line={line}
                  config={config}
                  partyId={partyId}
                  record={record}
                  others={lines.filter((l) => l.key !== line.key).map((l) => l.values.invoiceId)}
                  onValues={(next) => set(line.key, { values: { ...line.values, ...next } })}
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
        ))}
      </Card>
      <Card aria-label={config.totalsTitle}>
        <CardHeading>{config.totalsTitle}</CardHeading>
        <Totals>
          {config.totals(saved, values).map((total) => (
            <div key={total.label} style={{ display: 'contents' }}>
              <dt>{total.label}</dt>
              <dd>{total.value}</dd>
            </div>
          ))}
        </Totals>
        {config.useNotice && <Notice useNotice={config.useNotice} values={values} total={config.totalOf?.(saved, values) ?? '0'} record={record} />}
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

interface ControlProps<TRecord> {
  column: LineColumn;
  id: string;
  line: EditorLine;
  config: LinesConfig<TRecord>;
  partyId: number;
  record?: TRecord;
  /** Invoices already on other lines (one invoice per line). */
  others: readonly (string | undefined)[];
  onValues: (values: LineValues) => void;
}

function LineControl<TRecord>(props: ControlProps<TRecord>) {
  const { column, id, line, onValues } = props;
  const value = line.values[column.name] ?? '';
  const disabled = line.saved;
  if (column.kind === 'invoice') return <InvoiceControl {...props} />;
  const numeric = column.kind !== 'text';
  return (
    <FieldShell id={id} label={column.label} required={column.required}>
      <Input
        id={id}
        type={numeric ? 'number' : 'text'}
        step={column.kind === 'quantity' ? STEPS.lineQuantity : column.kind === 'money' ? STEPS.lineRate : undefined}
        inputMode={numeric ? 'decimal' : undefined}
        min={numeric ? 0 : undefined}
        placeholder={column.placeholder}
        value={value}
        disabled={disabled}
        aria-required={column.required || undefined}
        onChange={(event) => onValues({ [column.name]: event.target.value })}
      />
    </FieldShell>
  );
}

/** A payment line's invoice: the party's invoices not fully paid; choosing one prefills the line. */
function InvoiceControl<TRecord>({ column, id, line, config, partyId, record, others, onValues }: ControlProps<TRecord>) {
  const picker = config.invoices!;
  const open = picker.useOpen(partyId, record);
  const choose = (invoice: OpenInvoice | undefined) =>
    onValues({
      invoiceId: invoice ? String(invoice.id) : '',
      invoiceNumber: invoice?.invoiceNumber ?? '',
      invoiceAmount: invoice?.totalAmount ?? '',
      [picker.amountField]: invoice?.balanceDue ?? '',
    });
  return (
    <FieldShell id={id} label={column.label} required={column.required}>
      <Select
        id={id}
        value={line.values.invoiceId ?? ''}
        disabled={line.saved}
        aria-required={column.required || undefined}
        onChange={(event) => {
          const picked = open.find((i) => String(i.id) === event.target.value);
          if (picked || event.target.value === '') choose(picked);
        }}
      >
        <option value="">Select an invoice…</option>
        {open
          .filter((invoice) => !others.includes(String(invoice.id)))
          .map((invoice) => (
            <option key={invoice.id} value={invoice.id}>
              {invoice.invoiceNumber} — {formatMoney(invoice.balanceDue)} due
            </option>
          ))}
      </Select>
    </FieldShell>
  );
}
