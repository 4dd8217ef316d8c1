import { byId, dueToRepeatPath, type InvoiceDocument, monthLabel, repeatDate, repeatPath } from '@erp/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import styled from 'styled-components';
import { z } from 'zod';

import { Button } from '@/components/button';
import { apiClient } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { formatDate, formatMoney, todayInIndia } from '@/lib/format';
import { entityKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast-store';

/** A document due to repeat, as this section shows it (the kind's own field names read once). */
export interface DueRow {
  readonly id: number;
  readonly number: string;
  readonly date: string;
  readonly partyId: number;
  readonly totalAmount: string;
  readonly category: string | null;
}

const Answered = z.array(z.looseObject({ id: z.number(), totalAmount: z.string() }));
/** At most this many a month on the screen (a shop has a handful: rent, power, internet…). */
const SHOWN = 50;

const rowsOf = (doc: InvoiceDocument, data: unknown): DueRow[] =>
  Answered.parse(data).map((row) => ({
    id: row.id,
    number: String(row[doc.numberField] ?? ''),
    date: String(row[doc.dateField] ?? ''),
    partyId: Number(row[doc.party.field]),
    totalAmount: row.totalAmount,
    category: typeof row.category === 'string' ? row.category : null,
  }));

const Section = styled.section`
  margin-bottom: 16px;
  padding: 12px;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.primarySoft};
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  h2 { margin: 0 0 4px; font-size: 16px; }
  p { margin: 0 0 8px; color: ${({ theme }) => theme.colors.muted}; font-size: 14px; }
  ul { list-style: none; margin: 0; padding: 0; display: grid; gap: 8px; }
  li {
    display: grid;
    gap: 8px;
    padding: 10px;
    border-radius: ${({ theme }) => theme.radius.sm};
    background: ${({ theme }) => theme.colors.surface};
  }
  li strong { display: block; font-size: 15px; overflow-wrap: anywhere; }
  li span { color: ${({ theme }) => theme.colors.muted}; font-size: 14px; }
  li button { width: 100%; }
  @media (min-width: 720px) {
    li { grid-template-columns: 1fr auto; align-items: center; }
    li button { width: auto; }
  }
`;

interface RepeatDueProps {
  readonly doc: InvoiceDocument;
  /** The row's title on the screen (its category and party, by name). */
  readonly title: (row: DueRow) => string;
  /** Reads the kind's lists again once a copy is recorded. */
  readonly resource: { readonly useRefresh: () => () => Promise<unknown> };
}

/**
 * "Due to repeat" (kinds that `repeats`, docs/expenses.md): this month's repeating documents with no
 * copy yet, each with one button that records its copy for the month. Nothing shows when none is due.
 */
export function RepeatDue({ doc, title, resource }: RepeatDueProps) {
  const month = todayInIndia().slice(0, 7);
  const label = monthLabel(month);
  const key = [...entityKeys(doc.module, doc.plural).all, 'due-to-repeat', month];
  const due = useQuery({ queryKey: key, queryFn: async () => rowsOf(doc, await apiClient.get(`${dueToRepeatPath(doc.path)}?month=${month}&limit=${SHOWN}`)) });
  const queryClient = useQueryClient();
  const refresh = resource.useRefresh();
  const [busy, setBusy] = useState<number | null>(null);
  const rows = due.data ?? [];
  if (rows.length === 0) return null;

  const repeat = async (row: DueRow) => {
    setBusy(row.id);
    try {
      const copy = rowsOf(doc, [await apiClient.post(repeatPath(byId(doc.path, row.id)), { month })])[0];
      toast({ title: `${doc.label} repeated for ${label}`, description: `${copy?.number ?? ''} dated ${formatDate(copy?.date ?? '')}` });
    } catch (error) {
      toast({ title: `Could not repeat ${doc.label.toLowerCase()} ${row.number}`, description: errorText(error), variant: 'destructive' });
    } finally {
      setBusy(null);
      await Promise.all([queryClient.invalidateQueries({ queryKey: key }), refresh()]);
    }
  };

  return (
    <Section aria-labelledby="due-to-repeat-heading">
      <h2 id="due-to-repeat-heading">Due to repeat</h2>
      <p>These repeat every month and have no copy in {label} yet.</p>
      <ul>
        {rows.map((row) => (
          <li key={row.id}>
            <div>
              <strong id={`due-${row.id}`}>{title(row)}</strong>
              <span>
                {formatMoney(row.totalAmount)} · {row.number} · next on {formatDate(repeatDate(row.date, month))}
              </span>
            </div>
            <Button type="button" disabled={busy !== null} aria-describedby={`due-${row.id}`} onClick={() => void repeat(row)}>
              {busy === row.id ? 'Repeating…' : `Repeat for ${label}`}
            </Button>
          </li>
        ))}
      </ul>
    </Section>
  );
}
