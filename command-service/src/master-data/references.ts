import { type FieldValues, type Issue, recordStream, validationError } from '@erp/contracts';

import type { CommandContext } from '../shared/handle-command';
import { MASTER_DATA_SLICES } from './index';

/**
 * A record another one names (a document's vendor, an adjustment's item) must exist and not be
 * deleted: else a 400 on the field that names it, with that field's message ('Please select an
 * item'), before anything is decided or appended. Answers the record's values (a party's GSTIN).
 */
export const requireRecord = async (ctx: CommandContext, singular: string, id: number, issue: Issue): Promise<FieldValues> => {
  const slice = MASTER_DATA_SLICES.find((s) => s.entity.singular === singular);
  if (!slice) throw new Error(`No master-data entity ${singular}`);
  const record = await ctx.load(recordStream(slice.entity, id), slice.decider);
  if (record.state.status !== 'active') throw validationError(`${slice.entity.label} ${id} not found`, [issue]);
  return record.state.values;
};
