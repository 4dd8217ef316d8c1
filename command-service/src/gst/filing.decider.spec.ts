import { DomainError, type GstReturnFiled } from '@erp/contracts';
import { describe, expect, it } from 'vitest';

import { DeciderSpecification } from '../testing/decider-specification';
import { type FilingCommand, filingDecider, refuseFiled } from './filing.decider';

// The return's JSON and its log position come in with the command: the route reads them from the
// read side before deciding (filing.routes.ts says why), so the decision is tested without I/O.
// India time 2026-09-11 11:30: GSTR-1 for August is due today (the 11th of the next month).
const metadata = { now: new Date('2026-09-11T06:00:00Z'), userId: 1, correlationId: 'c-1' };
const json = { gstin: '27AAPFU0939F1ZV', fp: '082026', b2b: [] };
const mark = (arn: string, filedOn: string, ret: 'gstr1' | 'gstr3b' = 'gstr1'): FilingCommand => ({ type: 'MarkFiled', data: { return: ret, period: '2026-08', body: { arn, filedOn }, position: '42', json }, metadata });
const filed = (arn: string, filedOn: string, ret: 'gstr1' | 'gstr3b' = 'gstr1'): GstReturnFiled => ({ type: 'GstReturnFiled', data: { return: ret, period: '2026-08', arn, filedOn, position: '42', json } });

const spec = DeciderSpecification.for(filingDecider);
const is = (kind: DomainError['kind'], path: string, text?: string) => (e: unknown) =>
  e instanceof DomainError && e.kind === kind && (e.issues ?? []).some((i) => i.path === path) && (text === undefined || e.message.includes(text));

describe('marking a month filed (issue 44 item 4)', () => {
  it('keeps the ARN, the date, the position and the JSON as computed', () => spec.given([]).when(mark('AA270926012345X', '2026-09-11')).then([filed('AA270926012345X', '2026-09-11')]));
  it('GSTR-3B too, on its own stream', () => spec.given([]).when(mark('AA270926054321Z', '2026-09-11', 'gstr3b')).then([filed('AA270926054321Z', '2026-09-11', 'gstr3b')]));
  it('refuses a second filing with another ARN: 409 naming the first', () =>
    spec.given([filed('AA270926012345X', '2026-09-10')]).when(mark('AA270926099999X', '2026-09-11')).thenThrows(is('conflict', 'arn', 'GSTR-1 for August 2026 is already filed (ARN AA270926012345X)')));
  it('the same filing again records nothing (a retried request)', () => spec.given([filed('AA270926012345X', '2026-09-10')]).when(mark('AA270926012345X', '2026-09-10')).thenNothingHappened());
  it('refuses a filing date within the month: a monthly return is filed once the month is over', () =>
    spec.given([]).when(mark('AA270926012345X', '2026-08-31')).thenThrows(is('validation', 'filedOn', 'a date after 2026-08-31')));
  it('refuses a filing date in the future (India time)', () => spec.given([]).when(mark('AA270926012345X', '2026-09-12')).thenThrows(is('validation', 'filedOn', 'future')));
});

describe('the GST check of an edit or a void', () => {
  const isFiled = (period: string) => period === '2026-08';
  const refusal = (dates: (string | null)[]) => {
    try {
      refuseFiled(isFiled, dates);
      return null;
    } catch (error) {
      return error as DomainError;
    }
  };
  it('refuses a date in a filed month, naming the month and the way out', () => {
    const error = refusal(['2026-09-02', '2026-08-14']);
    expect(error?.kind).toBe('conflict');
    expect(error?.message).toBe('GSTR-1 for August 2026 is filed: a document dated 14-08-2026 can no longer be changed or voided. Record a credit or debit note dated later instead.');
  });
  it('lets through other months and no date', () => {
    expect(refusal(['2026-07-31', '2026-09-01', null])).toBeNull();
    expect(refusal([])).toBeNull();
  });
});
