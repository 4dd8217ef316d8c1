import { GSTR2B_PATHS, INVOICE_DOCUMENTS, type MatchRowAnswer, type OwnerAction, routes } from '@erp/contracts';
import styled from 'styled-components';

import { Button, ButtonLink } from '@/components/button';
import { openRecord } from '@/components/use-screen-view';
import { apiClient } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { formatDate, formatDateTime, formatMoney } from '@/lib/format';
import { toast } from '@/lib/toast-store';

import { FollowUp } from './follow-up';
import { useGstr2bWrite } from './gstr2b.queries';

export const STATUS_LABEL: Readonly<Record<MatchRowAnswer['status'], string>> = {
  matched: 'MATCHED',
  mismatched: 'DIFFERS',
  'only-in-2b': 'ONLY IN 2B',
  'only-in-books': 'NOT IN 2B',
};
const FIELD: Readonly<Record<MatchRowAnswer['differences'][number]['field'], string>> = { number: 'Bill number', date: 'Date', taxableValue: 'Taxable value', tax: 'Tax' };
const ACTION: Readonly<Record<string, string>> = { accept: 'Accepted', reject: 'Rejected', pending: 'Kept pending', none: 'No action' };
const BUTTONS: readonly [OwnerAction, string][] = [['accept', 'Accept'], ['reject', 'Reject'], ['pending', 'Pending']];

const Item = styled.li`
  display: grid;
  gap: 8px;
  padding: 12px 0;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  &:first-child { border-top: 0; }
`;
const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: 4px 10px;
  font-weight: 600;
`;
const Badge = styled.span<{ $bad: boolean }>`
  padding: 2px 8px;
  border-radius: ${({ theme }) => theme.radius.pill};
  font-size: 12px;
  background: ${({ theme, $bad }) => ($bad ? theme.colors.dangerSoft : theme.colors.primarySoft)};
  color: ${({ theme, $bad }) => ($bad ? theme.colors.dangerText : theme.colors.primaryDark)};
`;
const Small = styled.p`
  margin: 0;
  font-size: 14px;
  color: ${({ theme }) => theme.colors.muted};
  overflow-wrap: anywhere;
`;
const Differs = styled.ul`
  margin: 0;
  padding-left: 18px;
  color: ${({ theme }) => theme.colors.dangerText};
  font-size: 14px;
`;
const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;

/** The kind of our document a row's bill is (a purchase invoice, an expense), by its stream. */
const kindOf = (bill: NonNullable<MatchRowAnswer['bill']>) => INVOICE_DOCUMENTS.find((d) => d.streamOf(bill.id) === bill.stream);

const shown = (field: string, value: string) => (field === 'date' ? formatDate(value) : field === 'number' ? value : formatMoney(value));

/** One bill or supplier document: its status, what differs, the action on it and the buttons, or the message for the supplier. */
export function MatchRow({ period, row, mayAct }: { period: string; row: MatchRowAnswer; mayAct: boolean }) {
  const act = useGstr2bWrite((action: OwnerAction) => apiClient.post(GSTR2B_PATHS.actions(period), { key: row.document!.key, action }));
  const { bill, document: doc } = row;
  const supplier = bill?.vendorName ?? doc?.supplierName ?? doc?.ctin ?? '';
  const number = bill?.number ?? doc!.number;
  const amount = bill ? bill.total : doc!.value;
  const title = `${supplier} · ${number}`;
  const kind = bill ? kindOf(bill) : undefined;
  const details = bill && kind ? openRecord(routes.task(kind.module, kind.plural), bill.id, 'details') : null;
  const choose = (action: OwnerAction) =>
    act.mutate(action, { onSuccess: () => toast({ title: `${ACTION[action]}: ${number}` }), onError: (error) => toast({ title: errorText(error), variant: 'destructive' }) });
  return (
    <Item aria-label={title}>
      <Head>
        <span>{title}</span>
        <Badge $bad={row.status !== 'matched'}>{STATUS_LABEL[row.status]}</Badge>
      </Head>
      <Small>
        {kind ? `${kind.label} · ` : ''}
        {formatDate(bill?.date ?? doc!.date)} · {formatMoney(amount)} · GSTIN {bill?.gstin ?? doc!.ctin}
        {doc && doc.kind !== 'invoice' ? ` · ${doc.kind === 'credit-note' ? 'Credit note' : 'Debit note'}` : ''}
      </Small>
      {row.differences.length > 0 && (
        <Differs aria-label="What differs">
          {row.differences.map((d) => <li key={d.field}>{FIELD[d.field]}: books {shown(d.field, d.books)}, portal {shown(d.field, d.portal)}</li>)}
        </Differs>
      )}
      {row.action && (
        <Small>
          {ACTION[row.action.action]}{row.action.source === 'ims' ? ' on the portal (IMS file)' : ''}{row.action.by ? ` by ${row.action.by}` : ''}, {formatDateTime(row.action.at)}
        </Small>
      )}
      {details && (
        <Actions>
          <ButtonLink $variant="secondary" to={details.pathname} state={details.state}>
            Open {number}
          </ButtonLink>
        </Actions>
      )}
      {doc && mayAct && (
        <Actions role="group" aria-label={`Action on ${number}`}>
          {BUTTONS.map(([action, label]) => (
            <Button key={action} $variant={row.action?.action === action ? 'primary' : 'secondary'} aria-pressed={row.action?.action === action} disabled={act.isPending || row.action?.action === action} onClick={() => choose(action)}>
              {label}
            </Button>
          ))}
        </Actions>
      )}
      {row.followUp && <FollowUp text={row.followUp} />}
    </Item>
  );
}
