import { FILED_RETURN_LABELS, type FiledReturn, GST_FILING_PATHS, periodLabel, routes } from '@erp/contracts';
import { useId, useState } from 'react';
import styled from 'styled-components';

import { Button } from '@/components/button';
import { EmptyState } from '@/components/empty-state';
import { FieldShell, Input } from '@/components/form-field';
import { Card, CardHeading, Main, Stack, TopBar } from '@/components/layout';
import { Spinner } from '@/components/spinner';
import { errorText } from '@/lib/error-text';
import { formatDate, todayInIndia } from '@/lib/format';
import { useMay } from '@/lib/session';
import { toast } from '@/lib/toast-store';

import { DeadlinesCard } from './deadlines-card';
import { useFiledReturn, useMarkFiled } from './filed-returns.reads';
import { lastMonth } from './gstr2b.queries';
import { AmendmentList, ReturnSummary } from './return-summary';

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: 10px;
  & > * { flex: 1 1 150px; }
`;

/**
 * Filed Returns (issue 44 item 4): a month's GSTR-1 and GSTR-3B, each marked filed with the ARN
 * and date; "What we filed" shows the copy kept then, "As it stands now" the return from the books
 * today, and for a filed GSTR-1 the amendments that report what changed since.
 */
export function FiledReturnsScreen() {
  const id = useId();
  const [period, setPeriod] = useState(() => lastMonth(todayInIndia()));
  return (
    <>
      <TopBar title="Filed Returns" subtitle="What you filed, and what changed since" back={{ to: routes.module('reports'), label: 'Back to Reports' }} />
      <Main>
        <Stack $gap={16}>
          <Card aria-labelledby={`${id}-period-heading`}>
            <CardHeading id={`${id}-period-heading`}>Month</CardHeading>
            <FieldShell id={`${id}-period`} label="Return period">
              <Input id={`${id}-period`} type="month" value={period} onChange={(e) => setPeriod(e.target.value)} />
            </FieldShell>
          </Card>
          <ReturnCard ret="gstr1" period={period} />
          <ReturnCard ret="gstr3b" period={period} />
          <DeadlinesCard />
        </Stack>
      </Main>
    </>
  );
}

type View = 'filed' | 'now' | null;

function ReturnCard({ ret, period }: { ret: FiledReturn; period: string }) {
  const id = useId();
  const answer = useFiledReturn(ret, period);
  const [view, setView] = useState<View>(null);
  const title = `${FILED_RETURN_LABELS[ret]} for ${periodLabel(period)}`;
  const filing = answer.data?.filing;
  return (
    <Card aria-labelledby={`${id}-heading`}>
      <CardHeading id={`${id}-heading`}>{title}</CardHeading>
      {answer.isPending && <Spinner label="Loading" />}
      {answer.isError && <EmptyState message={errorText(answer.error)} />}
      {answer.data && (
        <Stack $gap={12}>
          <p role="status">
            {filing ? `Filed on ${formatDate(filing.filedOn)}, ARN ${filing.arn}.` : 'Not filed yet.'}
            {answer.data.changed === true && ' The books have changed since.'}
          </p>
          {!filing && <MarkFiled key={`${ret}|${period}`} ret={ret} period={period} />}
          <Row>
            <Button $variant="secondary" disabled={!filing} aria-pressed={view === 'filed'} onClick={() => setView(view === 'filed' ? null : 'filed')}>
              What we filed
            </Button>
            <Button $variant="secondary" aria-pressed={view === 'now'} onClick={() => setView(view === 'now' ? null : 'now')}>
              As it stands now
            </Button>
          </Row>
          {view === 'filed' && answer.data.filed && <ReturnSummary label={`${FILED_RETURN_LABELS[ret]} as filed`} json={answer.data.filed} />}
          {view === 'now' && <ReturnSummary label={`${FILED_RETURN_LABELS[ret]} now`} json={answer.data.now} />}
          {answer.data.amendments && <AmendmentList amendments={answer.data.amendments} />}
        </Stack>
      )}
    </Card>
  );
}

function MarkFiled({ ret, period }: { ret: FiledReturn; period: string }) {
  const id = useId();
  const may = useMay('POST', GST_FILING_PATHS.filing(':return', ':period'));
  const [arn, setArn] = useState('');
  const [filedOn, setFiledOn] = useState(() => todayInIndia());
  const mark = useMarkFiled(ret, period);
  if (!may) return null;
  const submit = () =>
    mark.mutate({ arn, filedOn }, { onSuccess: () => toast({ title: `${FILED_RETURN_LABELS[ret]} marked filed` }), onError: (e) => toast({ title: errorText(e), variant: 'destructive' }) });
  return (
    <Row>
      <FieldShell id={`${id}-arn`} label="ARN" hint="15 characters, from the portal">
        <Input id={`${id}-arn`} value={arn} autoCapitalize="characters" onChange={(e) => setArn(e.target.value)} />
      </FieldShell>
      <FieldShell id={`${id}-date`} label="Filed on">
        <Input id={`${id}-date`} type="date" value={filedOn} onChange={(e) => setFiledOn(e.target.value)} />
      </FieldShell>
      <Button disabled={mark.isPending || arn.trim() === ''} onClick={submit}>
        {mark.isPending ? 'Saving...' : 'Mark filed'}
      </Button>
    </Row>
  );
}
