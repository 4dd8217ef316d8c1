import { GST_FILING_PATHS, GSTR2B_PATHS, Gstr2bImportBodySchema, ImsActionBodySchema, ImsImportBodySchema, MarkFiledBodySchema, ToleranceBodySchema } from '@erp/contracts';
import fc from 'fast-check';

import type { WriteTarget } from './fuzz-inputs';

type Pieces = {
  readonly requiredText: fc.Arbitrary<string>;
  readonly optional: <T>(value: fc.Arbitrary<T>) => fc.Arbitrary<T | string | null | undefined>;
  readonly anyText: () => fc.Arbitrary<string>;
};

/**
 * GSTR-2B's write routes described for the fuzz (issue 44): the 2B and IMS files, an action,
 * the tolerance and a filing — bodies only, as a batch (gstr2b.int.spec.ts has their round trip).
 */
export const describeGstr2bRoute = (path: string, p: Pieces): Omit<WriteTarget, 'method' | 'path'> | undefined => {
  const streams = ['gstr2b'];
  const file = () => fc.record({ file: fc.constant('{"data": {}}'), fileName: p.optional(p.anyText()) });
  if (path === GSTR2B_PATHS.imports) return { schema: Gstr2bImportBodySchema, kind: 'batch', streams, valid: file };
  if (path === GSTR2B_PATHS.ims) return { schema: ImsImportBodySchema, kind: 'batch', streams, valid: file };
  if (path === GSTR2B_PATHS.tolerance(':period')) return { schema: ToleranceBodySchema, kind: 'batch', streams, valid: () => fc.record({ tolerance: fc.constantFrom('0', '1', '2.50') }) };
  if (path === GSTR2B_PATHS.actions(':period')) return { schema: ImsActionBodySchema, kind: 'batch', streams, valid: () => fc.record({ key: p.requiredText, action: fc.constantFrom('accept', 'reject', 'pending') }) };
  // Marking a month filed (issue 44 item 4): an ARN and a date (gst-filing.int.spec.ts has the story).
  if (path === GST_FILING_PATHS.filing(':return', ':period')) {
    return { schema: MarkFiledBodySchema, kind: 'batch', streams: ['gst-return'], valid: () => fc.record({ arn: fc.constantFrom('AA270926012345X', 'aa270926012345x'), filedOn: fc.constantFrom('2026-09-11', '2026-09-20') }) };
  }
  return undefined;
};
