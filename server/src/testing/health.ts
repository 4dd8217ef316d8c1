import { HealthSchema } from '@erp/contracts';
import { z } from 'zod';

/** /api/health of a query side that reaches its store: the log head and every projection. */
export const LiveHealthSchema = HealthSchema.extend({
  store: HealthSchema.shape.store.extend({ head: z.string() }),
  projections: HealthSchema.shape.projections.unwrap(),
});
