import { INVOICE_DOCUMENTS, OPENING_BALANCES_PATH, OPENING_BALANCES_STREAM, OpeningBalancesBodySchema, openingItemBody } from '@erp/contracts';
import fc from 'fast-check';

import type { Fixtures, WriteTarget } from './fuzz-inputs';
import type { RouteInfo } from './routes';

type Pieces = {
  readonly requiredText: fc.Arbitrary<string>;
  readonly isoDate: fc.Arbitrary<string>;
  readonly positiveDecimal: (max: number, places: number) => fc.Arbitrary<unknown>;
  readonly partyOf: (field: string, fixtures: Fixtures) => number;
  readonly covers: (path: string, routePath: string) => boolean;
};

/**
 * The openings' write routes (issue 43), described for the fuzz: bodies only, as they need the day
 * the books begin (openings.int.spec.ts has their story). Undefined for any other route.
 */
export const describeOpeningRoute = (route: RouteInfo, p: Pieces): Omit<WriteTarget, 'method' | 'path'> | undefined => {
  if (route.path === OPENING_BALANCES_PATH) {
    const lines = fc.constant([{ account: 'cash', debit: '100.00' }, { account: 'capital', credit: '100.00' }]);
    return { schema: OpeningBalancesBodySchema, kind: 'batch', streams: [OPENING_BALANCES_STREAM], valid: () => fc.record({ lines }) };
  }
  const doc = INVOICE_DOCUMENTS.find((d) => d.opening && p.covers(d.opening.path, route.path));
  if (!doc) return undefined;
  return {
    schema: openingItemBody(doc),
    kind: 'batch',
    streams: [doc.stream],
    valid: (fixtures) => fc.record({ [doc.party.field]: fc.constant(p.partyOf(doc.party.field, fixtures)), [doc.numberField]: p.requiredText, [doc.dateField]: p.isoDate, amount: p.positiveDecimal(100_000, 2) }),
  };
};
