import { z } from 'zod';

import { gstinProblem, panProblem } from './validators';

const blankToNull = (v: string | null | undefined): string | null => (v ? v : null);

// NUL and unpaired UTF-16 surrogates cannot be stored in PostgreSQL text or jsonb.
// eslint-disable-next-line no-control-regex -- matching NUL is the point
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const text = (error: string) =>
  z
    .string({ error })
    .trim()
    .refine((v) => !UNSTORABLE.test(v), { message: 'Contains characters that cannot be stored' });

/** A name-like required text: 'Required' as the seed's library message (SEED-SPEC §5). */
export const requiredText = () => text('Required').refine((v) => v.length > 0, { message: 'Required' });

/** Optional, nullable text: '' and missing both become null. */
export const optionalText = () => text('Expected text').nullish().transform(blankToNull);

export const optionalEmail = () =>
  optionalText().refine((v) => v === null || z.email().safeParse(v).success, {
    message: 'Invalid email address',
  });

const checked = (problem: (v: string) => string | null) =>
  text('Expected text')
    .nullish()
    .transform((v) => (v ? v.toUpperCase() : null))
    .superRefine((v, ctx) => {
      const message = v === null ? null : problem(v);
      if (message) ctx.addIssue({ code: 'custom', message });
    });

/** GSTIN: optional; when given, format and check digit must be right. */
export const optionalGstin = () => checked(gstinProblem);
/** PAN: optional; when given, the 10-character format. */
export const optionalPan = () => checked(panProblem);

export const activeFlag = () => z.boolean({ error: 'Expected true or false' }).optional().default(true);

/** A path id: a plain positive 32-bit integer, written without sign, zeros, spaces or exponent. */
export const IdParamSchema = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/, 'Expected an integer id')
  .transform(Number)
  .refine((n) => n <= 2_147_483_647, 'Expected an integer id');
