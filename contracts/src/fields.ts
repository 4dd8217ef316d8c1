import { z } from 'zod';

import { gstinProblem, panProblem } from './validators';

const blankToNull = (v: string | null | undefined): string | null => (v ? v : null);

/** A name-like required text: 'Required' as the seed's library message (SEED-SPEC §5). */
export const requiredText = () => z.string({ error: 'Required' }).trim().min(1, 'Required');

/** Optional, nullable text: '' and missing both become null. */
export const optionalText = () =>
  z.string({ error: 'Expected text' }).trim().nullish().transform(blankToNull);

export const optionalEmail = () =>
  optionalText().refine((v) => v === null || z.email().safeParse(v).success, {
    message: 'Invalid email address',
  });

const checked = (problem: (v: string) => string | null) =>
  z
    .string({ error: 'Expected text' })
    .trim()
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

export const IdParamSchema = z.coerce
  .number({ error: 'Expected an integer id' })
  .int('Expected an integer id')
  .min(1, 'Expected an integer id')
  .max(2_147_483_647, 'Expected an integer id');
