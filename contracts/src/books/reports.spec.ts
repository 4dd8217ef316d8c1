import { describe, expect, it } from 'vitest';

import { ActivityQuerySchema } from '../activity';
import { DomainError } from '../domain-errors';
import { MAX_PERIOD_YEARS, monthsOf, PeriodSchema, periodOf, DATE_YEARS, ReportQuerySchema } from '..';

const issuesOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error.issues?.map((i) => i.path);
    throw error;
  }
  return [];
};
const refused = (query: Record<string, string>) => {
  const parsed = ReportQuerySchema.safeParse(query);
  return parsed.success ? [] : parsed.error.issues.map((i) => i.path.join('.'));
};

describe('report dates and periods (issue 41 item 3)', () => {
  it('takes real days of the accepted years only, naming the parameter', () => {
    expect(refused({ from: `${DATE_YEARS.min}-01-01`, to: `${DATE_YEARS.max}-12-31`, asOf: '2026-02-28' })).toEqual([]);
    expect(refused({ from: '0001-01-01' })).toEqual(['from']);
    expect(refused({ to: '9999-12-31' })).toEqual(['to']);
    expect(refused({ asOf: `${DATE_YEARS.min - 1}-12-31` })).toEqual(['asOf']);
    expect(refused({ asOf: `${DATE_YEARS.max + 1}-01-01` })).toEqual(['asOf']);
    expect(refused({ from: '2026-13-45' })).toEqual(['from']);
    expect(refused({ recordedBy: '0001-01-01T00:00:00Z' })).toEqual(['recordedBy']);
  });

  it(`a period covers at most ${MAX_PERIOD_YEARS} years, compared as dates; beyond it is refused on from`, () => {
    const query = (from: string, to: string) => ReportQuerySchema.parse({ from, to });
    expect(periodOf(query('2016-04-01', '2026-03-31'), '2026-05-01')).toEqual({ from: '2016-04-01', to: '2026-03-31' });
    expect(issuesOf(() => periodOf(query('2016-04-01', '2026-04-01'), '2026-05-01'))).toEqual(['from']);
    expect(issuesOf(() => periodOf(query(`${DATE_YEARS.min}-01-01`, `${DATE_YEARS.max}-12-31`), '2026-05-01'))).toEqual(['from']);
    expect(issuesOf(() => periodOf(query('2026-05-02', '2026-05-01'), '2026-05-01'))).toEqual(['from']);
    // From alone runs to today: ten years back is the most.
    expect(issuesOf(() => periodOf(ReportQuerySchema.parse({ from: '2016-05-01' }), '2026-05-01'))).toEqual(['from']);
  });

  it('names every month of a period with a four-digit year, across year ends', () => {
    expect(monthsOf('1999-11-30', '2000-02-01')).toEqual(['1999-11', '1999-12', '2000-01', '2000-02']);
    expect(monthsOf('2016-04-01', '2026-03-31')).toHaveLength(120);
    expect(monthsOf('0999-12-01', '1000-01-31')).toEqual(['0999-12', '1000-01']);
  });

  it('a return period is a month of the accepted years', () => {
    expect(PeriodSchema.safeParse(`${DATE_YEARS.max}-12`).success).toBe(true);
    for (const period of ['0001-01', '0000-04', `${DATE_YEARS.max + 1}-01`, '2026-13']) expect(PeriodSchema.safeParse(period).success, period).toBe(false);
  });

  it('the activity filter takes real dates of the accepted years, from on or before to', () => {
    const paths = (query: Record<string, string>) => {
      const parsed = ActivityQuerySchema.safeParse(query);
      return parsed.success ? [] : parsed.error.issues.map((i) => i.path.join('.'));
    };
    expect(paths({ from: '2026-04-01', to: '2026-04-30' })).toEqual([]);
    expect(paths({ from: '2026-13-45' })).toEqual(['from']);
    expect(paths({ to: '2026-02-30' })).toEqual(['to']);
    expect(paths({ from: '0001-01-01' })).toEqual(['from']);
    expect(paths({ from: '2026-05-01', to: '2026-04-30' })).toEqual(['from']);
  });
});
