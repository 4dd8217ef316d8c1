import { Gstr2bImportAnswerSchema, GSTR2B_PATHS, isOneOf, type MatchRowAnswer, MatchRowSchema, routes } from '@erp/contracts';
import { Download } from 'lucide-react';
import { useId, useState } from 'react';
import styled from 'styled-components';

import { Button } from '@/components/button';
import { EmptyState } from '@/components/empty-state';
import { FieldShell, Input, Select } from '@/components/form-field';
import { Card, CardHeading, Main, Stack, TopBar } from '@/components/layout';
import { Spinner } from '@/components/spinner';
import { apiClient } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { formatDate, formatDateTime, formatMoney, todayInIndia } from '@/lib/format';
import { useMay } from '@/lib/session';
import { toast } from '@/lib/toast-store';

import { FileUpload } from './file-upload';
import { lastMonth, useGstr2b, useGstr2bWrite, useMatchedItc } from './gstr2b.queries';
import { MatchRow, STATUS_LABEL } from './match-row';

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: 10px;
  & > * { flex: 1 1 150px; }
`;
const Counts = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(130px, 1fr));
  gap: 8px;
  margin: 0;
  div { padding: 8px 10px; border-radius: ${({ theme }) => theme.radius.sm}; background: ${({ theme }) => theme.colors.surfaceMuted}; }
  dt { font-size: 13px; color: ${({ theme }) => theme.colors.muted}; }
  dd { margin: 0; font-weight: 700; }
`;
const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
`;
const DownloadLink = styled.a`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  min-height: ${({ theme }) => theme.touch};
  color: ${({ theme }) => theme.colors.primaryHover};
  font-weight: 600;
`;

const STATUSES = MatchRowSchema.shape.status.options;
const FILTERS: readonly ('all' | MatchRowAnswer['status'])[] = ['all', ...STATUSES];
type Filter = (typeof FILTERS)[number];

/**
 * Match GSTR-2B (issue 44 item 3): import the month's 2B (and the IMS file) from the portal, see
 * each bill (a purchase invoice or an expense with GST) matched to the supplier's invoice or not and what differs, accept, reject or keep
 * pending each supplier invoice, download the IMS upload, and send the suppliers whose bills
 * are missing a message.
 */
export function Gstr2bScreen() {
  const id = useId();
  const [period, setPeriod] = useState(() => lastMonth(todayInIndia()));
  const [filter, setFilter] = useState<Filter>('all');
  const match = useGstr2b(period);
  const itc = useMatchedItc(period);
  const mayWrite = useMay('POST', GSTR2B_PATHS.imports);
  const top = <TopBar title="Match GSTR-2B" subtitle="Your purchase bills and expenses against what suppliers filed" back={{ to: routes.module('reports'), label: 'Back to Reports' }} />;
  const rows = match.data?.rows.filter((r) => filter === 'all' || r.status === filter) ?? [];

  return (
    <>
      {top}
      <Main>
        <Stack $gap={16}>
          <Card aria-labelledby={`${id}-period-heading`}>
            <CardHeading id={`${id}-period-heading`}>Month</CardHeading>
            <Row>
              <FieldShell id={`${id}-period`} label="Return period">
                <Input id={`${id}-period`} type="month" value={period} onChange={(e) => setPeriod(e.target.value)} />
              </FieldShell>
              {match.data && <ToleranceField key={`${period}|${match.data.tolerance}`} period={period} saved={match.data.tolerance} mayWrite={mayWrite} />}
            </Row>
          </Card>
          {mayWrite && (
            <Card aria-labelledby={`${id}-import`}>
              <CardHeading id={`${id}-import`}>Import from the GST portal</CardHeading>
              <Stack $gap={12}>
                <FileUpload label="GSTR-2B file (JSON)" hint="Returns → GSTR-2B → Download JSON" path={GSTR2B_PATHS.imports} done={(a) => `GSTR-2B imported: ${Gstr2bImportAnswerSchema.parse(a).documents} documents`} />
                <FileUpload label="IMS file (JSON)" hint="Optional: what is already accepted or rejected on the portal" path={GSTR2B_PATHS.ims} done={() => 'IMS file imported'} />
              </Stack>
            </Card>
          )}
          {match.isPending && <Spinner label="Matching" />}
          {match.isError && <EmptyState message={errorText(match.error)} />}
          {match.data && (
            <Card aria-labelledby={`${id}-summary`}>
              <CardHeading id={`${id}-summary`}>Summary</CardHeading>
              <Stack $gap={12}>
                <p>
                  {match.data.imported
                    ? `GSTR-2B ${match.data.imported.fileName ?? ''} imported ${formatDateTime(match.data.imported.at)}${match.data.imported.generatedOn ? `, made on the portal ${match.data.imported.generatedOn}` : ''}.`
                    : `No GSTR-2B imported for ${formatDate(`${period}-01`).replace(/^\d+ /, '')} yet: every bill shows as not in 2B.`}
                </p>
                <Counts aria-label="Counts">
                  <div><dt>Matched</dt><dd>{match.data.counts.matched}</dd></div>
                  <div><dt>Differs</dt><dd>{match.data.counts.mismatched}</dd></div>
                  <div><dt>Only in 2B</dt><dd>{match.data.counts.onlyIn2b}</dd></div>
                  <div><dt>Not in 2B</dt><dd>{match.data.counts.onlyInBooks}</dd></div>
                </Counts>
                {itc.data && (
                  <p aria-label="Input tax credit">
                    Credit you can take (matched and accepted): IGST {formatMoney(itc.data.igst)}, CGST {formatMoney(itc.data.cgst)}, SGST {formatMoney(itc.data.sgst)}, cess {formatMoney(itc.data.cess)}.
                  </p>
                )}
                <DownloadLink href={GSTR2B_PATHS.imsUpload(period)} download>
                  <Download size={18} aria-hidden="true" />
                  Download IMS upload (JSON)
                </DownloadLink>
              </Stack>
            </Card>
          )}
          {match.data && (
            <Card aria-labelledby={`${id}-list`}>
              <CardHeading id={`${id}-list`}>Bills and supplier invoices</CardHeading>
              <FieldShell id={`${id}-filter`} label="Show">
                <Select id={`${id}-filter`} value={filter} onChange={(e) => isOneOf(FILTERS, e.target.value) && setFilter(e.target.value)}>
                  <option value="all">All</option>
                  {STATUSES.map((s) => <option key={s} value={s}>{STATUS_LABEL[s].toLowerCase().replace(/^./, (c) => c.toUpperCase())}</option>)}
                </Select>
              </FieldShell>
              {rows.length === 0 ? (
                <EmptyState message="Nothing to show for this month" />
              ) : (
                <List aria-label="Matching">
                  {rows.map((row) => <MatchRow key={`${row.bill?.stream ?? ''}|${row.document?.key ?? ''}`} period={period} row={row} mayAct={mayWrite} />)}
                </List>
              )}
            </Card>
          )}
        </Stack>
      </Main>
    </>
  );
}

/** The tolerance the owner sets for the month (₹), saved with its button. */
function ToleranceField({ period, saved, mayWrite }: { period: string; saved: string; mayWrite: boolean }) {
  const id = useId();
  const [tolerance, setTolerance] = useState(saved);
  const save = useGstr2bWrite((value: string) => apiClient.put(GSTR2B_PATHS.tolerance(period), { tolerance: value }));
  return (
    <>
      <FieldShell id={id} label="Tolerance (₹)" hint="Amounts this close still match">
        <Input id={id} inputMode="decimal" value={tolerance} disabled={!mayWrite} onChange={(e) => setTolerance(e.target.value)} />
      </FieldShell>
      {mayWrite && (
        <Button $variant="secondary" disabled={save.isPending || tolerance === saved} onClick={() => save.mutate(tolerance, { onSuccess: () => toast({ title: 'Tolerance saved' }), onError: (e) => toast({ title: errorText(e), variant: 'destructive' }) })}>
          Save tolerance
        </Button>
      )}
    </>
  );
}
