import { DomainError, OpeningBalancesBodySchema, type OpeningBalancesSet } from '@erp/contracts';
import { describe, expect, it } from 'vitest';

import { DeciderSpecification } from '../testing/decider-specification';
import { type OpeningBalancesCommand, openingBalancesDecider } from './opening-balances.decider';

const metadata = { now: new Date('2026-11-27T10:00:00Z'), userId: 1, correlationId: 'c-1' };
const set = (lines: unknown[], booksBegin: string | null = '2025-04-01'): OpeningBalancesCommand => ({ type: 'Set', data: { body: OpeningBalancesBodySchema.parse({ lines }), booksBegin }, metadata });
const saved = (on: string, lines: OpeningBalancesSet['data']['lines']): OpeningBalancesSet => ({ type: 'OpeningBalancesSet', data: { on, lines } });
const spec = DeciderSpecification.for(openingBalancesDecider);

describe("the accounts' opening balances", () => {
  it('records the whole set as of the day the books begin; lines with neither side are left out', () =>
    spec
      .given([])
      .when(set([{ account: 'cash', debit: '25000' }, { account: 'bank', debit: '0' }, { account: 'capital', credit: '125000.5' }]))
      .then([saved('2025-04-01', [{ account: 'cash', debit: '25000.00', credit: '0.00' }, { account: 'capital', debit: '0.00', credit: '125000.50' }])]));

  it('changes nothing when nothing changed; moves them when the day the books begin moved', () => {
    const before = saved('2025-04-01', [{ account: 'cash', debit: '25000.00', credit: '0.00' }]);
    spec.given([before]).when(set([{ account: 'cash', debit: '25000' }])).thenNothingHappened();
    spec.given([before]).when(set([{ account: 'cash', debit: '25000' }], '2025-10-01')).then([saved('2025-10-01', before.data.lines)]);
  });

  it('needs the day the books begin', () =>
    spec.given([]).when(set([{ account: 'cash', debit: '1' }], null)).thenThrows((e) => e instanceof DomainError && /Set the day your books begin/.test(e.message)));

  it('takes only balance-sheet accounts typed as a lump: not debtors, creditors or stock (entered per invoice, bill and item), not income; one side per line, each account once', () => {
    const issues = (lines: unknown[]) => OpeningBalancesBodySchema.safeParse({ lines }).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(issues([{ account: 'debtors', debit: '1' }])).toEqual(['lines.0.account: Choose a balance-sheet account from the list']);
    expect(issues([{ account: 'stock-in-hand', debit: '1' }])).toEqual(['lines.0.account: Choose a balance-sheet account from the list']);
    expect(issues([{ account: 'sales', credit: '1' }])).toEqual(['lines.0.account: Choose a balance-sheet account from the list']);
    expect(issues([{ account: 'cash', debit: '1', credit: '1' }])).toEqual(['lines.0.debit: Enter a debit or a credit, not both']);
    expect(issues([{ account: 'cash', debit: '1' }, { account: 'cash', debit: '2' }])).toEqual(['lines.1.account: This account is already in the list']);
  });
});
