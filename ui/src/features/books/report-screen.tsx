import { financialYearDates, financialYearOf, financialYearStart, routes } from '@erp/contracts';
import { useQuery } from '@tanstack/react-query';
import { Download, Printer, SearchX } from 'lucide-react';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import type { z } from 'zod';

import { Button } from '@/components/button';
import type { ChartSpec } from '@/components/chart-spec';
import { DataTable } from '@/components/data-table';
import { EmptyState } from '@/components/empty-state';
import { Input, Select } from '@/components/form-field';
import { Card, CardHeading, Main, Stack, TopBar } from '@/components/layout';
import { Spinner } from '@/components/spinner';
import { TableScroll } from '@/components/table-scroll';
import { apiClient } from '@/lib/api-client';
import { errorText, mayPassOnRetry, needsSettings } from '@/lib/error-text';
import { deferred } from '@/lib/deferred';
import { todayInIndia } from '@/lib/format';

/** One table of a report: its columns (amounts right-aligned) and rows of text as shown. */
export interface ReportTable {
  readonly heading: string;
  /** The figure that matters, said above the table (on a phone the table scrolls sideways). */
  readonly summary?: string;
  readonly columns: readonly { readonly label: string; readonly numeric?: boolean }[];
  readonly rows: readonly { readonly key: string; readonly cells: readonly string[]; readonly strong?: boolean }[];
}

export interface Choice {
  readonly param: string;
  readonly label: string;
  /** The options (a hook: they may come from a list). */
  readonly useOptions: () => readonly { readonly value: string; readonly label: string }[];
}

export interface ReportConfig<T> {
  readonly title: string;
  readonly subtitle: string;
  readonly module: string;
  /** A period (From, To), a day (As of) or a month (Period). */
  readonly dates: 'period' | 'asOf' | 'month';
  readonly choices?: readonly Choice[];
  /** The request for these parameters; null until what it needs is chosen (say what in `choose`). */
  readonly path: (params: Readonly<Record<string, string>>) => string | null;
  readonly choose?: string;
  /** The answer's schema (contracts): the screen reads the answer through it. */
  readonly answer: z.ZodType<T>;
  readonly tables: (data: T, params: Readonly<Record<string, string>>) => readonly ReportTable[];
  /** A picture where a trend matters (P&L by month, GST by rate), drawn below the tables. */
  readonly chart?: (data: T) => ChartSpec | null;
  /** Files the report offers besides its CSV (the GSTR-1 JSON). */
  readonly files?: (params: Readonly<Record<string, string>>) => readonly { readonly label: string; readonly href: string; readonly more?: boolean }[];
}

const Controls = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 10px;
  label { display: flex; flex-direction: column; gap: 4px; font-size: 13px; color: ${({ theme }) => theme.colors.muted}; flex: 1 1 140px; }
  @media print { display: none; }
`;



const Actions = styled.div`
  display: flex;
  gap: 8px;
  flex-wrap: wrap;
  @media print { display: none; }
`;

const Summary = styled.p`
  margin: -6px 0 10px;
  font-weight: 600;
`;

const FileLink = styled.a`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  padding: 10px 14px;
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  color: ${({ theme }) => theme.colors.primary};
  font-weight: 600;
  text-decoration: none;
`;

const More = styled.details`
  summary { cursor: pointer; color: ${({ theme }) => theme.colors.primary}; font-weight: 600; padding: 6px 0; }
  a { display: inline-block; margin: 6px 12px 6px 0; }
  @media print { display: none; }
`;

/** The parameters as the URL keeps them (a reload or Back keeps the report), with their defaults. */
const useParams = (config: Pick<ReportConfig<unknown>, 'dates' | 'choices'>) => {
  const [search, setSearch] = useSearchParams();
  const today = todayInIndia();
  const params: Record<string, string> = {};
  if (config.dates === 'period') {
    params.to = search.get('to') || today;
    params.from = search.get('from') || financialYearStart(params.to);
  } else if (config.dates === 'asOf') {
    params.asOf = search.get('asOf') || today;
  } else {
    params.period = search.get('period') || today.slice(0, 7);
  }
  for (const choice of config.choices ?? []) params[choice.param] = search.get(choice.param) ?? '';
  const setAll = (values: Readonly<Record<string, string>>) => {
    const next = new URLSearchParams(search);
    for (const [name, value] of Object.entries(values)) {
      if (value) next.set(name, value);
      else next.delete(name);
    }
    setSearch(next, { replace: true });
  };
  const set = (name: string, value: string) => setAll({ [name]: value });
  return { params, set, setAll };
};

/** The financial years to pick from: this one and the five before it, newest first. */
const recentYears = () => {
  const start = Number(financialYearOf(todayInIndia()).slice(0, 4));
  return Array.from({ length: 6 }, (_, i) => financialYearOf(`${start - i}-04-01`));
};

/** A financial year as the dates it stands for: From and To, or As of its last day; '' when the dates are some other. */
function YearSelect({ config, params, onChange }: { config: Pick<ReportConfig<unknown>, 'dates' | 'choices'>; params: Readonly<Record<string, string>>; onChange: (values: Record<string, string>) => void }) {
  const years = recentYears();
  const chosen = years.find((fy) => {
    const { from, to } = financialYearDates(fy);
    return config.dates === 'period' ? params.from === from && params.to === to : params.asOf === to;
  }) ?? '';
  return (
    <label>
      Financial year
      <Select value={chosen} onChange={(e) => {
        if (!e.target.value) return;
        const { from, to } = financialYearDates(e.target.value);
        onChange(config.dates === 'period' ? { from, to } : { asOf: to });
      }}>
        <option value="">Other dates</option>
        {years.map((fy) => <option key={fy} value={fy}>{`April ${fy.slice(0, 4)} – March ${Number(fy.slice(0, 4)) + 1}`}</option>)}
      </Select>
    </label>
  );
}

function ChoiceSelect({ choice, value, onChange }: { choice: Choice; value: string; onChange: (value: string) => void }) {
  const options = choice.useOptions();
  return (
    <label>
      {choice.label}
      <Select value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">Choose…</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>{o.label}</option>
        ))}
      </Select>
    </label>
  );
}

const loadCsv = () => import('@/features/books/report-csv');
// Chart.js comes with the first chart drawn, after the figures are on the screen.
const ChartCard = deferred(() => import('@/components/chart-card').then((m) => m.ChartCard));

/**
 * One screen for every report of the books (issue 21): its dates (and choices) in the URL, the
 * figures from the server as of them, tables with amounts right-aligned in en-IN, Print and CSV.
 */
export function ReportScreen<T>({ config }: { config: ReportConfig<T> }) {
  const { params, set, setAll } = useParams(config);
  const id = useId();
  const path = config.path(params);
  const report = useQuery({ queryKey: ['books', path], queryFn: async () => config.answer.parse(await apiClient.get(path!)), enabled: path !== null });
  const tables = report.data === undefined ? [] : config.tables(report.data, params);
  const chart = report.data === undefined ? null : (config.chart?.(report.data) ?? null);
  const fileName = `${config.title.toLowerCase().replace(/\s+/g, '-')}-${params.asOf ?? params.period ?? `${params.from}-to-${params.to}`}.csv`;
  const exportCsv = async () => {
    const { reportCsv, downloadCsv } = await loadCsv();
    downloadCsv(reportCsv(tables), fileName);
  };
  const date = (name: string, label: string, type = 'date') => (
    <label htmlFor={`${id}-${name}`}>
      {label}
      <Input id={`${id}-${name}`} type={type} value={params[name]} onChange={(e) => set(name, e.target.value)} />
    </label>
  );
  return (
    <>
      <TopBar title={config.title} subtitle={config.subtitle} back={{ to: routes.module(config.module), label: `Back to ${config.module[0]!.toUpperCase()}${config.module.slice(1)}` }} />
      <Main>
        <Stack $gap={16}>
          <Controls>
            {config.dates === 'period' && date('from', 'From')}
            {config.dates === 'period' && date('to', 'To')}
            {config.dates === 'asOf' && date('asOf', 'As of')}
            {config.dates !== 'month' && <YearSelect config={config} params={params} onChange={setAll} />}
            {config.dates === 'month' && date('period', 'Period', 'month')}
            {config.choices?.map((choice) => <ChoiceSelect key={choice.param} choice={choice} value={params[choice.param] ?? ''} onChange={(v) => set(choice.param, v)} />)}
          </Controls>
          <Actions>
            <Button $variant="secondary" onClick={() => window.print()} disabled={tables.length === 0}>
              <Printer size={18} aria-hidden="true" />
              Print
            </Button>
            <Button $variant="secondary" onClick={() => void exportCsv()} disabled={tables.length === 0}>
              <Download size={18} aria-hidden="true" />
              Export CSV
            </Button>
            {path !== null && config.files?.(params).filter((file) => !file.more).map((file) => (
              <FileLink key={file.href} href={file.href} download>
                <Download size={18} aria-hidden="true" />
                {file.label}
              </FileLink>
            ))}
          </Actions>
          {path !== null && config.files?.(params).some((file) => file.more) && (
            <More>
              <summary>More files</summary>
              {config.files(params).filter((file) => file.more).map((file) => (
                <a key={file.href} href={file.href} download>{file.label}</a>
              ))}
            </More>
          )}
          {path === null ? (
            <EmptyState icon={SearchX} message={config.choose ?? 'Choose what to show'} />
          ) : report.isPending ? (
            <Spinner label={`Loading ${config.title.toLowerCase()}`} />
          ) : report.isError ? (
            <EmptyState message={errorText(report.error)}>
              {needsSettings(report.error) ? <Link to={routes.settings}>Open Settings</Link> : mayPassOnRetry(report.error) && <Button onClick={() => void report.refetch()}>Try again</Button>}
            </EmptyState>
          ) : (
            tables.map((table) => (
              <Card key={table.heading} aria-label={table.heading}>
                <CardHeading>{table.heading}</CardHeading>
                {table.summary && <Summary>{table.summary}</Summary>}
                {table.rows.length === 0 ? (
                  <EmptyState icon={SearchX} message="Nothing in this period" />
                ) : (
                  <TableScroll label={`${table.heading} table`}>
                    <DataTable>
                      <thead>
                        <tr>
                          {table.columns.map((c) => (
                            <th key={c.label} scope="col" className={c.numeric ? 'num' : undefined}>{c.label}</th>
                          ))}
                        </tr>
                      </thead>
                      <tbody>
                        {table.rows.map((row) => (
                          <tr key={row.key} className={row.strong ? 'strong' : undefined}>
                            {row.cells.map((cell, i) => (
                              <td key={i} className={table.columns[i]?.numeric ? 'num' : undefined}>{cell}</td>
                            ))}
                          </tr>
                        ))}
                      </tbody>
                    </DataTable>
                  </TableScroll>
                )}
              </Card>
            ))
          )}
          {chart && <ChartCard {...chart} />}
        </Stack>
      </Main>
    </>
  );
}
