import { applyPath, byId, compareMoney } from '@erp/contracts';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import styled from 'styled-components';

import { Button } from '@/components/button';
import { FieldShell, Input, Select } from '@/components/form-field';
import { Card, CardHeading } from '@/components/layout';
import { apiClient } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { formatMoney } from '@/lib/format';
import { toast } from '@/lib/toast-store';

/** An invoice the credit may pay: its number and what is due on it. */
export interface DueInvoice {
  readonly id: number;
  readonly invoiceNumber: string;
  readonly balanceDue: string;
}

const Row = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 12px;
  margin-top: 12px;
  @media (min-width: 640px) { grid-template-columns: minmax(0, 2fr) minmax(0, 1fr) auto; align-items: end; }
`;

/**
 * 'Apply to an invoice' on a credit's details (issue 42): a note's credit left, or a receipt's or
 * payment's advance, put on another invoice of the same party that is still due — at most what is
 * left of it and what is due there (the server holds both). Shown only while there is some of each.
 */
export function ApplyCredit(props: {
  /** The credit's collection path (`/api/sales/credit-notes`) and id. */
  path: string;
  id: number;
  left: string;
  invoices: readonly DueInvoice[];
  /** What the application changes: the credit, the invoices, home. */
  invalidate: readonly QueryKey[];
}) {
  const { path, id, left, invoices, invalidate } = props;
  const fieldId = useId();
  const [invoiceId, setInvoiceId] = useState('');
  const [amount, setAmount] = useState('');
  const queryClient = useQueryClient();
  const apply = useMutation({
    mutationFn: () => apiClient.post(applyPath(byId(path, id)), { invoiceId: Number(invoiceId), amount: amount.trim() }),
    onSuccess: async () => {
      toast({ title: 'Success', description: 'Credit applied to the invoice' });
      setInvoiceId('');
      setAmount('');
      await Promise.all(invalidate.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: (error) => toast({ title: 'Error', description: errorText(error), variant: 'destructive' }),
  });
  if (compareMoney(left, 0) <= 0 || invoices.length === 0) return null;
  const choose = (value: string) => {
    setInvoiceId(value);
    const due = invoices.find((i) => String(i.id) === value)?.balanceDue;
    setAmount(due ? (compareMoney(due, left) < 0 ? due : left) : '');
  };
  return (
    <Card aria-labelledby={`${fieldId}-title`}>
      <CardHeading id={`${fieldId}-title`}>Apply to an invoice</CardHeading>
      <p>{formatMoney(left)} of credit is left: it can pay an invoice still due.</p>
      <Row>
        <FieldShell id={`${fieldId}-invoice`} label="Invoice" required>
          <Select id={`${fieldId}-invoice`} value={invoiceId} onChange={(event) => choose(event.target.value)}>
            <option value="">Select an invoice…</option>
            {invoices.map((invoice) => (
              <option key={invoice.id} value={invoice.id}>
                {invoice.invoiceNumber} — {formatMoney(invoice.balanceDue)} due
              </option>
            ))}
          </Select>
        </FieldShell>
        <FieldShell id={`${fieldId}-amount`} label="Amount to Apply" required>
          <Input id={`${fieldId}-amount`} type="text" inputMode="decimal" value={amount} onChange={(event) => setAmount(event.target.value)} />
        </FieldShell>
        <Button onClick={() => apply.mutate()} disabled={invoiceId === '' || amount.trim() === '' || apply.isPending}>
          {apply.isPending ? 'Applying...' : 'Apply'}
        </Button>
      </Row>
    </Card>
  );
}
