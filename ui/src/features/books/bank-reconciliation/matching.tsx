import { BANK_RECONCILIATION_PATHS, type BookEntry, compareMoney, type LinesAnswer, MATCH_WINDOW_DAYS, type MatchAnswer } from '@erp/contracts';
import { useId, useState } from 'react';
import styled from 'styled-components';

import { Button } from '@/components/button';
import { EmptyState } from '@/components/empty-state';
import { Input, Select } from '@/components/form-field';
import { CardHeading, Stack } from '@/components/layout';
import { Spinner } from '@/components/spinner';
import { apiClient } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { formatDate } from '@/lib/format';
import { toast } from '@/lib/toast-store';

import { entryLabel, signedMoney, useBankWrite, useLines, useUnclearedEntries } from './bank-reconciliation.queries';

type Line = LinesAnswer['lines'][number];

const Item = styled.li`
  list-style: none;
  padding: 12px 0;
  border-bottom: 1px solid ${({ theme }) => theme.colors.borderStrong};
  display: flex;
  flex-direction: column;
  gap: 8px;
  small { color: ${({ theme }) => theme.colors.muted}; overflow-wrap: anywhere; }
`;

const Head = styled.div`
  display: flex;
  justify-content: space-between;
  gap: 12px;
  span { overflow-wrap: anywhere; }
  strong { white-space: nowrap; font-variant-numeric: tabular-nums; }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  align-items: center;
  select { flex: 1 1 200px; }
`;

const Warning = styled.p`
  padding: 8px 10px;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: #fef9c3;
  color: #854d0e;
  font-size: 14px;
`;

const List = styled.ul`
  margin: 0;
  padding: 0;
`;

const useMatch = (account: string) => {
  const match = useBankWrite((body: { lineNo: number; entries: string[] }) => apiClient.post<MatchAnswer>(BANK_RECONCILIATION_PATHS.matches(account), body));
  const unmatch = useBankWrite((lineNo: number) => apiClient.delete(BANK_RECONCILIATION_PATHS.match(account, lineNo)));
  const failed = (error: unknown) => toast({ title: 'Error', description: errorText(error), variant: 'destructive' });
  return {
    busy: match.isPending || unmatch.isPending,
    confirm: (lineNo: number, stream: string) => match.mutate({ lineNo, entries: [stream] }, { onSuccess: (m) => toast({ title: 'Matched', description: `Cleared on ${formatDate(m.clearedOn)}` }), onError: failed }),
    undo: (lineNo: number) => unmatch.mutate(lineNo, { onSuccess: () => toast({ title: 'Un-matched', description: `Line ${lineNo} waits for a match again` }), onError: failed }),
  };
};

function LineHead({ line }: { line: Line }) {
  return (
    <Head>
      <span>
        {formatDate(line.date)} · {line.narration || 'No narration'}
        {(line.reference || line.chequeNumber) && <small> · Ref {line.reference ?? line.chequeNumber}</small>}
      </span>
      <strong>{signedMoney(line.amount)}</strong>
    </Head>
  );
}

/** An unmatched line: its suggested entry confirmed with one tap, or any uncleared entry chosen by hand. */
function Unmatched({ line, entries, open, actions }: { line: Line; entries: ReadonlyMap<string, BookEntry>; open: readonly BookEntry[]; actions: ReturnType<typeof useMatch> | null }) {
  const id = useId();
  const [picked, setPicked] = useState('');
  const best = line.candidates.find((c) => c.suggested) ?? line.candidates[0];
  const bestEntry = best && entries.get(best.stream);
  // The same amount first: a hand match must come to the line's amount.
  const choices = [...open].sort((a, b) => Number(compareMoney(b.amount, line.amount) === 0) - Number(compareMoney(a.amount, line.amount) === 0));
  return (
    <Item aria-label={`Statement line ${line.lineNo}`}>
      <LineHead line={line} />
      {bestEntry ? (
        <Actions>
          <small>Looks like {entryLabel(bestEntry)} ({best.reasons.join(', ').toLowerCase()})</small>
          {actions && <Button disabled={actions.busy} onClick={() => actions.confirm(line.lineNo, best.stream)} aria-label={`Confirm line ${line.lineNo}: ${entryLabel(bestEntry)}`}>Confirm</Button>}
        </Actions>
      ) : (
        <small>Nothing in the books matches: record it (bank charges, interest), or match it by hand.</small>
      )}
      {actions && open.length > 0 && <Actions>
        <Select id={`${id}-pick`} value={picked} onChange={(e) => setPicked(e.target.value)} aria-label={`Match line ${line.lineNo} by hand`}>
          <option value="">Match by hand…</option>
          {choices.map((e) => <option key={e.stream} value={e.stream}>{signedMoney(e.amount)} · {entryLabel(e)}</option>)}
        </Select>
        <Button $variant="secondary" disabled={!picked || actions.busy} onClick={() => actions.confirm(line.lineNo, picked)}>Match</Button>
      </Actions>}
    </Item>
  );
}

/** The statement's lines to match, those matched (with Un-match), and what the books have that the statement does not. */
export function Matching({ account, mayMatch }: { account: string; mayMatch: boolean }) {
  const id = useId();
  const [window, setWindow] = useState(MATCH_WINDOW_DAYS);
  const lines = useLines(account, window);
  const uncleared = useUnclearedEntries(account);
  const actions = useMatch(account);
  if (lines.isPending || uncleared.isPending) return <Spinner label="Loading the statement lines" />;
  if (lines.isError || uncleared.isError) return <EmptyState message={errorText(lines.error ?? uncleared.error)} />;
  const entries = new Map(lines.data.entries.map((e) => [e.stream, e]));
  const open = uncleared.data.entries.filter((e) => !e.opening);
  const waiting = lines.data.lines.filter((l) => !l.match);
  const matched = lines.data.lines.filter((l) => l.match);
  return (
    <Stack $gap={14}>
      <Actions>
        <label htmlFor={`${id}-window`}>Suggest entries up to</label>
        <Input id={`${id}-window`} style={{ width: 80 }} inputMode="numeric" value={String(window)} onChange={(e) => setWindow(Math.min(31, Math.max(0, Number(e.target.value.replace(/\D/g, '')) || 0)))} />
        <span>days from the line</span>
      </Actions>
      <section aria-labelledby={`${id}-waiting`}>
        <CardHeading id={`${id}-waiting`}>To match ({waiting.length})</CardHeading>
        {waiting.length === 0 ? <p>Every line of the statement is matched.</p> : (
          <List>{waiting.map((line) => <Unmatched key={line.lineNo} line={line} entries={entries} open={open} actions={mayMatch ? actions : null} />)}</List>
        )}
      </section>
      <section aria-labelledby={`${id}-books`}>
        <CardHeading id={`${id}-books`}>In the books, not on the statement ({open.length})</CardHeading>
        {open.length === 0 ? <p>Every entry of the bank book is cleared.</p> : (
          <List>{open.map((e) => <Item key={e.stream}><Head><span>{entryLabel(e)}</span><strong>{signedMoney(e.amount)}</strong></Head></Item>)}</List>
        )}
      </section>
      <section aria-labelledby={`${id}-matched`}>
        <CardHeading id={`${id}-matched`}>Matched ({matched.length})</CardHeading>
        <List>
          {matched.map((line) => (
            <Item key={line.lineNo} aria-label={`Matched line ${line.lineNo}`}>
              <LineHead line={line} />
              <small>{line.match!.entries.map((m) => (entries.get(m.stream) ? entryLabel(entries.get(m.stream)!) : m.stream)).join('; ')} · cleared {formatDate(line.match!.clearedOn)}</small>
              {line.match!.changed && <Warning>Changed in the books after it was matched: un-match it and match it again.</Warning>}
              {mayMatch && <Actions><Button $variant="secondary" disabled={actions.busy} onClick={() => actions.undo(line.lineNo)}>Un-match</Button></Actions>}
            </Item>
          ))}
        </List>
      </section>
    </Stack>
  );
}
