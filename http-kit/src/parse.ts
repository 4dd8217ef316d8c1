import { toIssues } from '@erp/contracts';
import type { z } from 'zod';

import { badRequest } from './http-error';

/** Validates a request body with a contracts schema: 400 with one issue per bad field. */
export const parseBody = <S extends z.ZodType>(schema: S, body: unknown): z.output<S> => {
  const result = schema.safeParse(body ?? {});
  if (!result.success) throw badRequest('Please check the highlighted fields', toIssues(result.error));
  return result.data;
};
