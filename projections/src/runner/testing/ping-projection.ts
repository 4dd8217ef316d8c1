import { z } from 'zod';

import { defineProjection } from '../projection';
import { table } from '../table';

const pingTable = (name: string) =>
  table({ name, key: 'position', columns: { position: 'text', streamId: 'text', n: 'integer' } });

const Pinged = z.object({ type: z.literal('Pinged'), data: z.object({ i: z.number().int().optional() }) });

/**
 * A test read model: one row per 'Pinged' event, keyed by its position, counting how often it
 * was applied. Deliberately not guarded: an event applied twice shows as n = 2, never hidden.
 */
export const pingProjectionNamed = (name: string) => {
  const seenTable = pingTable(name);
  return {
    table: seenTable,
    projection: defineProjection<z.output<typeof Pinged>>({
      name,
      version: 1,
      tables: [seenTable],
      handles: ['Pinged'],
      decode: (stored) => Pinged.parse(stored),
      rowsOf: (_event, context) => [{ table: seenTable, key: context.position }],
      apply: (_event, context, rows) => {
        const seen = rows.get(seenTable, context.position);
        rows.put(seenTable, { position: context.position, streamId: context.streamId, n: (seen?.n ?? 0) + 1 });
      },
    }),
  };
};

export const pingProjection = pingProjectionNamed('ping_seen').projection;
