import { z } from 'zod';

export const IssueSchema = z.object({ path: z.string(), message: z.string() });
export type Issue = z.infer<typeof IssueSchema>;

export const ERROR_CODES = [
  'validation_failed',
  'unauthenticated',
  'forbidden_origin',
  'forbidden',
  'not_found',
  'method_not_allowed',
  'conflict',
  'precondition_failed',
  'payload_too_large',
  'unsupported_media_type',
  'too_many_requests',
  'unavailable',
  'internal_error',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const ErrorBodySchema = z.object({
  error: z.enum(ERROR_CODES),
  message: z.string(),
  issues: z.array(IssueSchema).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** zod issues → the API's `issues`: one entry per bad field, dotted path. */
export const toIssues = (error: z.ZodError): Issue[] =>
  error.issues.map((i) => ({ path: i.path.map(String).join('.') || '(body)', message: i.message }));
