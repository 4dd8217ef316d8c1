import { BOOKS_PATHS, byId, decimal, financialYearStart, INVOICE_DOCUMENTS, MASTER_DATA_ENTITIES, pdfPath, routes } from '@erp/contracts';
import { useQueries, useQuery } from '@tanstack/react-query';
import { MessageCircle, Download, FileText, Phone } from 'lucide-react';
import { useParams } from 'react-router-dom';
import styled from 'styled-components';

import { Button, ButtonLink } from '@/components/button';
import { Badge } from '@/components/entity-card';
import { EmptyState } from '@/components/empty-state';
import { Card, CardHeading, Main, Stack, TopBar } from '@/components/layout';
import { Spinner } from '@/components/spinner';
import { openRecord } from '@/components/use-screen-view';
import { invoiceBadge } from '@/features/documents/invoice-badge';
import { useBusiness } from '@/features/settings/business.queries';
import { ShareButton } from '@/features/share/share-button';
import { balanceSentence, reminderMessage, statementMessage, telLink } from '@/features/share/share-message';
import { apiClient } from '@/lib/api-client';
import { formatDate, formatMoney, todayInIndia } from '@/lib/format';

const Row = styled.div`display: flex; flex-wrap: wrap; gap: 8px; margin-top: 12px;`;
const Balance = styled.p`font-size: 20px; font-weight: 700; margin: 0;`;
const Muted = styled.p`color: ${({ theme }) => theme.colors.muted}; margin: 4px 0 0;`;
const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  li { padding: 12px 0; border-bottom: 1px solid ${({ theme }) => theme.colors.borderStrong}; }
  li:last-child { border-bottom: none; }
  .top { display: flex; align-items: center; gap: 8px; flex-wrap: wrap; font-weight: 700; overflow-wrap: anywhere; }
  .due { margin-left: auto; }
`;

interface PartyRow {
  readonly name: string;
  readonly phone: string | null;
}
interface Statement {
  readonly closing: string;
  readonly to: string;
}
type Row = Record<string, unknown>;
const str = (row: Row, name: string) => {
  const value = row[name];
  return typeof value === 'string' ? value : '';
};

/**
 * A customer's or vendor's page (issue 45 item 4), one tap from their card: their balance in the
 * books, their documents still open (a reminder for each overdue one), their statement, and
 * buttons to call them and to send them their statement.
 */
export function PartyScreen() {
  const { party: key = '' } = useParams();
  const [, singular = '', idText = '0'] = /^([a-z][a-z-]*)-([1-9]\d{0,9})$/.exec(key) ?? [];
  const id = Number(idText);
  const documents = INVOICE_DOCUMENTS.filter((d) => d.party.singular === singular && !d.against && d.owed !== false);
  const entity = documents.length > 0 ? MASTER_DATA_ENTITIES.find((e) => e.singular === singular) : undefined;
  const business = useBusiness().data?.profile ?? null;
  const party = useQuery({ queryKey: ['party', key], enabled: Boolean(entity), queryFn: () => apiClient.get<PartyRow>(byId(entity!.path, id)), refetchOnMount: 'always' });
  // As of today in India, said by the browser (the server's default day is UTC's: a day behind until 05:30 IST).
  const today = todayInIndia();
  const period = `?from=${financialYearStart(today)}&to=${today}`;
  const statement = useQuery({ queryKey: ['party', key, 'statement', today], enabled: Boolean(entity), queryFn: () => apiClient.get<Statement>(`${BOOKS_PATHS.statement(key)}${period}`), refetchOnMount: 'always' });
  const lists = useQueries({
    queries: documents.map((d) => ({ queryKey: ['party', key, d.stream], queryFn: () => apiClient.get<Row[]>(d.path), refetchOnMount: 'always' as const })),
  });
  const name = party.data?.name ?? '';
  const statementPdf = `${pdfPath(BOOKS_PATHS.statement(key))}${period}`;
  const closing = statement.data?.closing ?? '0';
  const shared = name && statement.data ? { title: `Statement of account: ${name}`, text: statementMessage(name, closing, business), pdf: { path: statementPdf, name: `statement-${key}.pdf` } } : undefined;
  if (!entity) return <EmptyState message="There is no such customer or vendor." />;
  const back = { to: routes.task(entity.module, entity.plural), label: `Back to ${entity.plural.charAt(0).toUpperCase()}${entity.plural.slice(1)}` };
  if (party.isError || statement.isError) return <EmptyState message="This page could not be loaded. Check the connection and try again." />;
  if (!party.data || !statement.data) return <Spinner />;
  const open = documents
    .flatMap((d, index) =>
      (lists[index]?.data ?? [])
        .filter((r) => Number(r[d.party.field]) === id && r.active !== false && !decimal(str(r, 'balanceDue') || '0').eq(0))
        .map((r) => ({ d, r })),
    )
    .sort((a, b) => (str(a.r, a.d.dateField) < str(b.r, b.d.dateField) ? -1 : 1));
  return (
    <>
      <TopBar title={name} subtitle={entity.label} back={back} />
      <Main>
        <Stack $gap={16}>
          <Card aria-labelledby="balance-heading">
            <CardHeading id="balance-heading">Balance</CardHeading>
            <Balance>{balanceSentence(name, closing)}</Balance>
            <Muted>In the books as of {formatDate(statement.data.to)}</Muted>
            <Row>
              {party.data.phone && (
                <Button as="a" $variant="secondary" href={telLink(party.data.phone)}>
                  <Phone size={18} aria-hidden="true" />
                  Call
                </Button>
              )}
              <ShareButton label="Share statement" shared={shared} phone={party.data.phone} primary />
              <ButtonLink $variant="secondary" to={`${routes.task('reports', 'statements')}?party=${key}`}>
                <FileText size={18} aria-hidden="true" />
                View statement
              </ButtonLink>
              <Button as="a" $variant="secondary" href={statementPdf} download={`statement-${key}.pdf`}>
                <Download size={18} aria-hidden="true" />
                Statement PDF
              </Button>
            </Row>
          </Card>
          <Card aria-labelledby="open-heading">
            <CardHeading id="open-heading">Open documents</CardHeading>
            {lists.some((l) => l.isPending) ? (
              <Spinner label="Loading documents" />
            ) : open.length === 0 ? (
              <p>Nothing open: every document is settled.</p>
            ) : (
              <List aria-label="Open documents">
                {open.map(({ d, r }) => {
                  const number = str(r, d.numberField);
                  const badge = invoiceBadge(str(r, 'status'));
                  const due = str(r, 'balanceDue');
                  const details = openRecord(routes.task(d.module, d.plural), Number(r.id), 'details');
                  return (
                    <li key={`${d.stream}-${String(r.id)}`}>
                      <div className="top">
                        <span>{number}</span>
                        <Badge $tone={badge.tone}>{badge.label}</Badge>
                        <span className="due">{formatMoney(due)}</span>
                      </div>
                      <Muted>
                        {d.label} of {formatDate(str(r, d.dateField))}
                        {str(r, 'dueDate') ? `, due ${formatDate(str(r, 'dueDate'))}` : ''}
                      </Muted>
                      <Row>
                        <ButtonLink $variant="secondary" to={details.pathname} state={details.state}>
                          View {number}
                        </ButtonLink>
                        {r.status === 'overdue' && (
                          <ShareButton
                            label="Send reminder"
                            icon={MessageCircle}
                            phone={party.data.phone}
                            shared={{ title: `Payment reminder: ${number}`, text: reminderMessage({ partyName: name, number, balanceDue: due, dueDate: str(r, 'dueDate') || null }, business) }}
                          />
                        )}
                      </Row>
                    </li>
                  );
                })}
              </List>
            )}
          </Card>
        </Stack>
      </Main>
    </>
  );
}
