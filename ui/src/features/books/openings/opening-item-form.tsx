import { type InvoiceDocument } from '@erp/contracts';
import { type ComponentProps, useId, useState } from 'react';

import { Button } from '@/components/button';
import { Input, Select } from '@/components/form-field';
import { Stack } from '@/components/layout';
import { isApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { toast } from '@/lib/toast-store';

import { useRecordOpeningItem } from './openings.queries';
import { Errors, Grid } from './parts';

interface Party { readonly id: number; readonly name: string }
const blank = { partyId: '', number: '', date: '', dueDate: '', amount: '' };

/**
 * One open invoice or bill from the old books (a kind with `opening`): the party, its number,
 * date, due date and what is still outstanding. Saved, it is an invoice of that kind with no
 * lines: receipts or payments settle it, and the party's statement and ageing show it.
 */
export function OpeningItemForm({ doc, parties, booksBegin }: { doc: InvoiceDocument; parties: readonly Party[]; booksBegin: string | null }) {
  const id = useId();
  const [form, setForm] = useState(blank);
  const [issues, setIssues] = useState<string[]>([]);
  const record = useRecordOpeningItem(doc);
  const label = doc.opening?.label ?? doc.label;
  const field = (name: keyof typeof blank, text: string, extra: Partial<ComponentProps<typeof Input>> = {}) => (
    <div>
      <label htmlFor={`${id}-${name}`}>{text}</label>
      <Input id={`${id}-${name}`} value={form[name]} onChange={(e) => setForm({ ...form, [name]: e.target.value })} {...extra} />
    </div>
  );
  const submit = () =>
    record.mutate(
      { [doc.party.field]: form.partyId, [doc.numberField]: form.number, [doc.dateField]: form.date, dueDate: form.dueDate, amount: form.amount },
      {
        onSuccess: () => {
          toast({ title: 'Success', description: `${label} ${form.number} saved` });
          setForm(blank);
          setIssues([]);
        },
        onError: (error) => setIssues(isApiError(error, 400) || isApiError(error, 409) ? error.issues.map((i) => i.message) : [errorText(error)]),
      },
    );
  return (
    <form aria-label={label} noValidate onSubmit={(e) => { e.preventDefault(); submit(); }}>
      <Stack $gap={12}>
        <Grid>
          <div>
            <label htmlFor={`${id}-party`}>{doc.party.label}</label>
            <Select id={`${id}-party`} value={form.partyId} onChange={(e) => setForm({ ...form, partyId: e.target.value })}>
              <option value="">Choose…</option>
              {parties.map((p) => <option key={p.id} value={p.id}>{p.name}</option>)}
            </Select>
          </div>
          {field('number', 'Number in old books')}
          {field('date', 'Date', { type: 'date', max: booksBegin ?? undefined })}
          {field('dueDate', 'Due date', { type: 'date' })}
          {field('amount', 'Amount outstanding', { inputMode: 'decimal' })}
        </Grid>
        {issues.length > 0 && <Errors role="alert">{issues.map((issue) => <li key={issue}>{issue}</li>)}</Errors>}
        <Button type="submit" disabled={record.isPending}>{record.isPending ? 'Saving...' : `Save ${label}`}</Button>
      </Stack>
    </form>
  );
}
