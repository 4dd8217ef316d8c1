import type { LineColumn, LinesConfig, LineValues, OpenInvoice } from '@/components/entity-config';
import { FieldShell, Input, Select } from '@/components/form-field';
import type { EditorLine } from '@/components/editor-line';
import { formatMoney } from '@/lib/format';

/** The controls of one line's columns: text and numbers, a select, an item pick, an invoice pick. */
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

export function LineControl<TRecord>(props: ControlProps<TRecord>) {
  const { column, id, line, onValues } = props;
  const value = line.values[column.name] ?? '';
  const disabled = line.saved || (column.readOnlyWhen?.(line.values) ?? false);
  if (column.kind === 'invoice') return <InvoiceControl {...props} />;
  if (column.kind === 'item') return <ItemControl {...props} />;
  if (column.kind === 'select') {
    return (
      <FieldShell id={id} label={column.label} required={column.required} className={column.wide ? 'wide' : undefined}>
        <Select id={id} value={value} disabled={disabled} aria-required={column.required || undefined} onChange={(event) => onValues({ [column.name]: event.target.value })}>
          <option value="">{column.placeholder ?? 'Select…'}</option>
          {(column.options ?? []).map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      </FieldShell>
    );
  }
  const numeric = column.kind !== 'text';
  return (
    <FieldShell id={id} label={column.label} required={column.required} className={column.wide ? 'wide' : undefined}>
      <Input
        id={id}
        type="text"
        inputMode={numeric ? 'decimal' : undefined}
        placeholder={column.placeholder}
        value={value}
        disabled={disabled}
        aria-required={column.required || undefined}
        onChange={(event) => onValues({ [column.name]: event.target.value })}
      />
    </FieldShell>
  );
}

/**
 * A line's item from the catalogue: choosing one fills in its name, HSN/SAC, unit, price and GST
 * rate (all still editable); 'Not in the catalogue' keeps the line free text. Hidden while the
 * catalogue is empty.
 */
function ItemControl<TRecord>({ column, id, line, config, onValues }: ControlProps<TRecord>) {
  const items = config.useItems?.() ?? null;
  if (!items || (items.length === 0 && !line.values.itemId)) return null;
  return (
    <FieldShell id={id} label={column.label} className={column.wide ? 'wide' : undefined}>
      <Select
        id={id}
        value={line.values.itemId ?? ''}
        disabled={line.saved || (column.readOnlyWhen?.(line.values) ?? false)}
        onChange={(event) => {
          const picked = items.find((item) => String(item.id) === event.target.value);
          onValues(picked ? { itemId: String(picked.id), ...picked.fill } : { itemId: '' });
        }}
      >
        <option value="">Not in the catalogue (type it below)</option>
        {items.map((item) => (
          <option key={item.id} value={item.id}>
            {item.name}
          </option>
        ))}
      </Select>
    </FieldShell>
  );
}

/** A payment line's invoice: the party's invoices not fully paid; choosing one prefills the line. */
function InvoiceControl<TRecord>({ column, id, line, config, partyId, record, others, onValues }: ControlProps<TRecord>) {
  const picker = config.invoices!;
  const open = picker.useOpen(partyId, record);
  const word = picker.balanceWord ?? 'due';
  const choose = (invoice: OpenInvoice | undefined) =>
    onValues({
      invoiceId: invoice ? String(invoice.id) : '',
      invoiceNumber: invoice?.invoiceNumber ?? '',
      invoiceAmount: invoice?.totalAmount ?? '',
      [picker.amountField]: invoice?.balanceDue ?? '',
      balanceDue: invoice?.balanceDue ?? '',
    });
  return (
    <FieldShell id={id} label={column.label} required={column.required} className={column.wide ? 'wide' : undefined}>
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
        <option value="">{picker.placeholder ?? 'Select an invoice…'}</option>
        {open
          .filter((invoice) => !others.includes(String(invoice.id)))
          .map((invoice) => (
            <option key={invoice.id} value={invoice.id}>
              {invoice.invoiceNumber} — {formatMoney(invoice.balanceDue)} {word}
            </option>
          ))}
      </Select>
    </FieldShell>
  );
}
