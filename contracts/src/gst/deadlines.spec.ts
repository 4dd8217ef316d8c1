import { describe, expect, it } from 'vitest';

import { barDate, deadlines, dueDate } from './deadlines';

/*
 * Due dates of a monthly filer: GSTR-1 the 11th of the next month (CGST s.37(1), Rule 59(2)),
 * GSTR-3B the 20th (s.39(1), Rule 61(5)). No return after three years from its due date
 * (s.37(4), s.39(11), inserted by the Finance Act 2023; GSTN's advisory of October 2024 on barring
 * returns three years past their due date).
 */
describe('due dates and the three-year bar (issue 44 item 5)', () => {
  it('August 2026: GSTR-1 by 11 September, GSTR-3B by 20 September; December into January', () => {
    expect(dueDate('gstr1', '2026-08')).toBe('2026-09-11');
    expect(dueDate('gstr3b', '2026-08')).toBe('2026-09-20');
    expect(dueDate('gstr1', '2026-12')).toBe('2027-01-11');
  });
  it('the last day is the day before the third anniversary of the due date', () => {
    expect(barDate('2023-12-11')).toBe('2026-12-10');
    expect(barDate('2024-03-01')).toBe('2027-02-28');
  });

  const filed = new Map([['gstr1:2026-08', { filedOn: '2026-09-14', arn: 'AA270926012345X' }]]);
  it('filed three days late; GSTR-3B not filed, overdue by 7 days on 27 September', () => {
    const [gstr1, gstr3b] = deadlines(['2026-08'], filed, '2026-09-27');
    expect(gstr1).toMatchObject({ status: 'filed', due: '2026-09-11', filedOn: '2026-09-14', daysLate: 3, warning: null });
    expect(gstr3b).toMatchObject({ status: 'overdue', due: '2026-09-20', daysLate: 7, lastDay: '2029-09-19', warning: null });
  });
  it('not yet due on the due date itself', () => expect(deadlines(['2026-10'], new Map(), '2026-11-11')[0]).toMatchObject({ status: 'due', daysLate: 0 }));
  it('November 2023 unfiled on 27 November 2026: 13 days before GSTR-1\'s last day, warned; newest month first', () => {
    const rows = deadlines(['2023-11', '2026-10'], new Map(), '2026-11-27');
    expect(rows.map((r) => [r.period, r.return])).toEqual([['2026-10', 'gstr1'], ['2026-10', 'gstr3b'], ['2023-11', 'gstr1'], ['2023-11', 'gstr3b']]);
    expect(rows[2]).toMatchObject({ lastDay: '2026-12-10', warning: 'GSTR-1 must be filed by 2026-12-10: after that it can never be filed (13 days left)' });
    expect(rows[3]).toMatchObject({ lastDay: '2026-12-19', warning: 'GSTR-3B must be filed by 2026-12-19: after that it can never be filed (22 days left)' });
  });
  it('past the bar: barred, said so', () =>
    expect(deadlines(['2023-09'], new Map(), '2026-11-27')[0]).toMatchObject({ status: 'barred', warning: 'GSTR-1 can no longer be filed: the three-year limit ended on 2026-10-10' }));
});
