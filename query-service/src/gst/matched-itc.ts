import { type MatchedItc, sumMoney } from '@erp/contracts';

import type { ReadDeps } from '../shared/read-your-writes';
import { matchedPeriod } from './gstr2b-read';

const REASONS = {
  'only-in-books': 'Not in GSTR-2B: ask the supplier to report it',
  reject: 'Rejected',
  pending: 'Kept pending',
  none: 'Not accepted yet',
} as const;

/**
 * Input tax credit for GSTR-3B table 4 from the period's bills (purchase invoices, expenses: every
 * bill kind) that are matched to the period's GSTR-2B AND accepted (issue 44 item 3): IGST, CGST,
 * SGST and cess of those bills as booked, each bill counted or left out with its reason (not in 2B,
 * what differs, not accepted), named by its stream (`expense-entry-7`).
 */
export const matchedItcForPeriod = async (deps: Pick<ReadDeps, 'db'>, period: string): Promise<MatchedItc> => {
  const { rows, actions } = await matchedPeriod(deps, period);
  const counted: MatchedItc['counted'] = [];
  const excluded: MatchedItc['excluded'] = [];
  const heads: Record<'igst' | 'cgst' | 'sgst' | 'cess', string[]> = { igst: [], cgst: [], sgst: [], cess: [] };
  for (const row of rows) {
    const bill = row.bill;
    if (!bill) continue;
    const named = { billId: bill.id, stream: bill.stream, number: bill.number, vendorName: bill.vendorName };
    if (row.status === 'only-in-books') {
      excluded.push({ ...named, reason: REASONS['only-in-books'] });
      continue;
    }
    if (row.status === 'mismatched') {
      excluded.push({ ...named, reason: `Differs from GSTR-2B: ${row.differences.map((d) => ({ number: 'number', date: 'date', taxableValue: 'taxable value', tax: 'tax' })[d.field]).join(', ')}` });
      continue;
    }
    const action = actions.get(row.document!.key)?.action ?? 'none';
    if (action !== 'accept') {
      excluded.push({ ...named, reason: REASONS[action] });
      continue;
    }
    counted.push(named);
    for (const head of ['igst', 'cgst', 'sgst', 'cess'] as const) heads[head].push(bill[head]);
  }
  return { period, igst: sumMoney(heads.igst), cgst: sumMoney(heads.cgst), sgst: sumMoney(heads.sgst), cess: sumMoney(heads.cess), counted, excluded };
};
