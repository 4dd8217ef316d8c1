import type { z } from 'zod';

/**
 * How a schema is shown in the OpenAPI document where zod cannot say it: a transform's answer
 * (its output is a function's), or a value checked by hand in a refinement (a note's lines, by
 * its type). Parsing is unchanged; only the document (and the strict API, which reads it) uses
 * this. Without it such a place would be `{}`: any field accepted there without a word.
 *
 * A WeakMap, not `z.registry`: zod's registry types its metadata through `$replace`, which walks
 * every member of a `ZodType` held in it and exhausts the type checker's memory.
 */
export interface Documented {
  readonly input?: z.ZodType;
  readonly output?: z.ZodType;
}

const shown = new WeakMap<object, Documented>();

export const documentedAs = {
  add: (schema: z.ZodType, as: Documented): void => void shown.set(schema, as),
  get: (schema: object): Documented | undefined => shown.get(schema),
};
