import { isRecord } from '@erp/contracts/shell';
import { Printer } from 'lucide-react';
import type { FieldValues } from 'react-hook-form';
import styled from 'styled-components';

import { Button, ButtonLink } from '@/components/button';
import { Badge } from '@/components/entity-card';
import type { DetailsConfig, FormSection } from '@/components/entity-config';
import { EmptyState } from '@/components/empty-state';
import { Card, CardHeading, Main, Stack, TopBar } from '@/components/layout';
import { RecordHistory } from '@/components/record-history';
import { Spinner } from '@/components/spinner';
import { TableScroll } from '@/components/table-scroll';
import { formatMoney } from '@/lib/format';
import type { Resource } from '@/lib/resource';

const Fields = styled.dl`
  display: grid;
  grid-template-columns: auto minmax(0, 1fr);
  gap: 6px 16px;
  margin: 0;
  dt { color: ${({ theme }) => theme.colors.muted}; }
  dd { margin: 0; overflow-wrap: anywhere; }
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 14px;
  th, td { padding: 8px 6px; border-bottom: 1px solid ${({ theme }) => theme.colors.borderStrong}; text-align: left; }
  th { color: ${({ theme }) => theme.colors.muted}; font-weight: 600; }
  .num { text-align: right; font-variant-numeric: tabular-nums; }
`;

const Actions = styled.div`display: flex; flex-wrap: wrap; gap: 8px; margin-top: 12px;`;

interface Props<TRecord extends { id: number }, TValues extends FieldValues, TBody> {
  config: DetailsConfig<TRecord>;
  resource: Resource<TRecord, TBody>;
  id: number;
  sections: readonly FormSection<TValues>[];
  onBack: () => void;
}

/** 'View Details' (DESIGN §3.7): the document read-only, with its lines, what it settled or what settled it, and its history. */
export function RecordDetails<TRecord extends { id: number }, TValues extends FieldValues, TBody>({ config, resource, id, sections, onBack }: Props<TRecord, TValues, TBody>) {
  const detail = resource.useOne(id, { refetchOnMount: 'always' });
  const record = detail.data;
  const badge = record ? config.badge?.(record) : null;
  return (
    <>
      <TopBar title={record ? config.title(record) : 'Details'} subtitle={config.subtitle} back={{ label: 'Back to list', onClick: onBack }} />
      <Main>
        {detail.isPending && <Spinner />}
        {detail.isError && (
          <EmptyState message="This record could not be loaded.">
            <Button $variant="secondary" onClick={onBack}>
              Back to list
            </Button>
          </EmptyState>
        )}
        {record && (
          <Stack $gap={16}>
            <Card aria-label="Summary">
              {badge && <Badge $tone={badge.tone}>{badge.label}</Badge>}
              <Fields>
                {config.fields
                  .filter((field) => !field.hideWhenEmpty || field.value(record))
                  .map((field) => (
                    <div key={field.label} style={{ display: 'contents' }}>
                      <dt>{field.label}</dt>
                      <dd>{field.value(record) || 'N/A'}</dd>
                    </div>
                  ))}
              </Fields>
              {(config.actions?.(record).length ?? 0) > 0 && (
                <Actions>
                  {config.actions!(record).map(({ label, to, icon: Icon = Printer }) => (
                    <ButtonLink key={label} to={typeof to === 'string' ? to : to.pathname} state={typeof to === 'string' ? undefined : to.state} $variant="secondary">
                      <Icon size={18} aria-hidden="true" />
                      {label}
                    </ButtonLink>
                  ))}
                </Actions>
              )}
            </Card>
            {config.extra?.(record)}
            <Card aria-labelledby="details-lines">
              <CardHeading id="details-lines">{config.lines.title}</CardHeading>
              {config.lines.empty && lineRows(record).length === 0 ? (
                <p>{config.lines.empty}</p>
              ) : (
                <TableScroll label="Lines table">
                  <Table>
                    <thead>
                      <tr>
                        {config.lines.columns.map((c) => (
                          <th key={c.label} scope="col" className={c.numeric ? 'num' : undefined}>
                            {c.label}
                          </th>
                        ))}
                      </tr>
                    </thead>
                    <tbody>
                      {lineRows(record).map((line, index) => (
                        <tr key={index}>
                          {config.lines.columns.map((c) => (
                            <td key={c.label} className={c.numeric ? 'num' : undefined}>
                              {c.value(line)}
                            </td>
                          ))}
                        </tr>
                      ))}
                    </tbody>
                  </Table>
                </TableScroll>
              )}
            </Card>
            {config.links && <Links links={config.links} record={record} />}
            <RecordHistory resource={resource} id={id} sections={sections} />
          </Stack>
        )}
      </Main>
    </>
  );
}

const lineRows = (record: unknown): readonly Record<string, unknown>[] => (isRecord(record) && Array.isArray(record.lines) ? record.lines.filter(isRecord) : []);

function Links<TRecord>({ links, record }: { links: NonNullable<DetailsConfig<TRecord>['links']>; record: TRecord }) {
  const rows = links.rows(record);
  return (
    <Card aria-labelledby="details-links">
      <CardHeading id="details-links">{links.title}</CardHeading>
      {rows.length === 0 ? (
        <p>{links.empty}</p>
      ) : (
        <Fields>
          {rows.map((row) => (
            <div key={row.label} style={{ display: 'contents' }}>
              <dt>{row.label}</dt>
              <dd>{formatMoney(row.amount)}</dd>
            </div>
          ))}
        </Fields>
      )}
    </Card>
  );
}
