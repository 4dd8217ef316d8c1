import { LOCK_SCOPES, LockBodySchema, lockPath, LOCKS_PATH, LocksAnswerSchema } from '@erp/contracts';
import { z } from 'zod';

import { body, errors, ok, written } from '../operators/openapi-parts';

/** Locked periods (issue 43): the lock of each scope, and the owner's lock and unlock. */
export const lockPaths = () => ({
  [LOCKS_PATH]: {
    get: {
      tags: ['Settings'],
      summary: 'Each lock (the books: nothing dated on or before `upTo` is recorded, changed or voided) with its changes, newest first: who, when, from and to what date, and why',
      responses: { 200: ok('Locks', LocksAnswerSchema), ...errors },
    },
  },
  [lockPath('{scope}')]: {
    parameters: [{ name: 'scope', in: 'path', required: true, schema: { type: 'string', enum: [...LOCK_SCOPES] }, description: 'What is locked: `books`' }],
    put: {
      tags: ['Settings'],
      summary:
        "Lock up to a date (today at the latest), or unlock: move it earlier or clear it (`upTo: null`), which needs a `reason`. The owner's. Afterwards any write dated on or before it is a 409 naming the lock",
      requestBody: body(LockBodySchema),
      responses: { 200: ok('The lock', z.object({ scope: z.enum(LOCK_SCOPES), upTo: z.string().nullable() }), { headers: written }), ...errors },
    },
  },
});
