import { GSTR2B_PATHS, Gstr2bImportBodySchema, ImsActionBodySchema, ImsImportBodySchema, ToleranceBodySchema } from '@erp/contracts';
import fc from 'fast-check';

import type { WriteTarget } from './fuzz-inputs';

type Pieces = {
  readonly requiredText: fc.Arbitrary<string>;
  readonly optional: <T>(value: fc.Arbitrary<T>) => fc.Arbitrary<T | string | null | undefined>;
  readonly anyText: () => fc.Arbitrary<string>;
};

/**
 * GSTR-2B's write routes described for the fuzz (issue 44): the 2B and IMS files, an action and
 * the tolerance — bodies only, as a batch (gstr2b.int.spec.ts has their round trip).
 */
export const describeGstr2bRoute = (path: string, p: Pieces): Omit<WriteTarget, 'method' | 'path'> | undefined => {
  const streams = ['gstr2b'];
  const file = () => fc.record({ file: fc.constant('{"data": {}}'), fileName: p.optional(p.anyText()) });
  if (path === GSTR2B_PATHS.imports) return { schema: Gstr2bImportBodySchema, kind: 'batch', streams, valid: file };
  if (path === GSTR2B_PATHS.ims) return { schema: ImsImportBodySchema, kind: 'batch', streams, valid: file };
  if (path === GSTR2B_PATHS.tolerance(':period')) return { schema: ToleranceBodySchema, kind: 'batch', streams, valid: () => fc.record({ tolerance: fc.constantFrom('0', '1', '2.50') }) };
  if (path === GSTR2B_PATHS.actions(':period')) return { schema: ImsActionBodySchema, kind: 'batch', streams, valid: () => fc.record({ key: p.requiredText, action: fc.constantFrom('accept', 'reject', 'pending') }) };
  return undefined;
};
