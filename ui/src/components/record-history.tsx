import { History } from 'lucide-react';
import type { FieldValues } from 'react-hook-form';
import styled from 'styled-components';

import type { FormSection } from '@/components/entity-config';
import { Card, CardHeading } from '@/components/layout';
import { Spinner } from '@/components/spinner';
import { eventLabel, fieldWords, show } from '@/lib/change-words';
import { formatDateTime } from '@/lib/format';
import type { Resource } from '@/lib/resource';

const Timeline = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 14px;
`;

const Entry = styled.li`
  position: relative;
  padding-left: 20px;
  &::before {
    content: '';
    position: absolute;
    left: 2px;
    top: 8px;
    width: 9px;
    height: 9px;
    border-radius: 50%;
    background: ${({ theme }) => theme.colors.primary};
  }
  h3 { font-size: 15px; font-weight: 600; }
  p, li { font-size: 14px; color: ${({ theme }) => theme.colors.muted}; }
  ul { margin: 4px 0 0; padding-left: 18px; }
`;

const Heading = styled(CardHeading)`
  display: flex;
  align-items: center;
  gap: 8px;
`;

/** A record's first event lists every field; it is shown as the record's creation. */
const isFirst = (label: string) => label === 'Created' || label === 'Recorded';

interface RecordHistoryProps<TRecord extends { id: number }, TBody, TValues extends FieldValues> {
  resource: Resource<TRecord, TBody>;
  id: number;
  sections: readonly FormSection<TValues>[];
}

/** Who changed what and when, from GET …/{id}/history (DESIGN §2 audit endpoint). */
export function RecordHistory<TRecord extends { id: number }, TBody, TValues extends FieldValues>(
  props: RecordHistoryProps<TRecord, TBody, TValues>,
) {
  const history = props.resource.useHistory(props.id);
  const labels = new Map<string, string>(
    props.sections.flatMap((s) => s.fields.map((f) => [f.name, f.label] as const)),
  );
  return (
    <Card aria-labelledby="history-heading">
      <Heading id="history-heading">
        <History size={18} aria-hidden="true" />
        History
      </Heading>
      {history.isPending && <Spinner label="Loading history" />}
      {history.isError && <p>History is not available right now.</p>}
      {history.isSuccess && (
        <Timeline>
          {[...history.data].reverse().map((entry) => (
            <Entry key={entry.position}>
              <h3>{eventLabel(entry.type)}</h3>
              <p>
                {formatDateTime(entry.at)}
                {entry.user ? ` · by ${entry.user}` : ''}
              </p>
              {entry.changes.length > 0 && !isFirst(eventLabel(entry.type)) && (
                <ul>
                  {entry.changes.map((change) => (
                    <li key={change.field}>
                      {labels.get(change.field) ?? fieldWords(change.field)}: {show(change.from)} →{' '}
                      {show(change.to)}
                    </li>
                  ))}
                </ul>
              )}
            </Entry>
          ))}
        </Timeline>
      )}
    </Card>
  );
}
