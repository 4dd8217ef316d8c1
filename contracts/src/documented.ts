import { z } from 'zod';

/**
 * How a schema is shown in the OpenAPI document where zod cannot say it: a transform's answer
 * (its output is a function's), or a value checked by hand in a refinement (a note's lines, by
 * its type). Parsing is unchanged; only the document (and the strict API, which reads it) uses
 * this. Without it such a place would be `{}`: any field accepted there without a word.
 */
export const documentedAs = z.registry<{ readonly input?: z.ZodType; readonly output?: z.ZodType }>();
