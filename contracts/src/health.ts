import { z } from 'zod';

/**
 * GET /api/health: what a proxy and an operator read (DESIGN §2; README "Watching it run"). No
 * session needed for the status, the problems by name and the store's and notifier's state; the
 * details (head, projections, rebuilds, what follows a problem's name) need a session whose role
 * may read the log (`audit`).
 */
export const HealthSchema = z.object({
  status: z.enum(['ok', 'degraded', 'down']),
  problems: z
    .array(z.string())
    .describe(
      '`store unreachable`, `notifier down`, `projection <name> lags`, `projection <name> stopped`; with the `audit` permission each says more: `projection <name> lags <n> s (<m> events)`, `projection <name> stopped at position <p> (<type> on <stream>): <error>`',
    ),
  store: z.object({
    kind: z.string(),
    reachable: z.boolean(),
    head: z.string().nullable().optional().describe("The log's last position (null when unreachable); with the `audit` permission only"),
    error: z.string().optional(),
  }),
  notifier: z.object({ kind: z.string(), healthy: z.boolean() }),
  projections: z
    .array(
      z.object({
        name: z.string(),
        version: z.number().nullable(),
        position: z.string(),
        lag: z.number().describe('Committed events it has not applied yet, counted up to 100,000'),
        lagMs: z.number(),
        stopped: z
          .object({ position: z.string(), type: z.string(), streamId: z.string(), error: z.string(), at: z.string() })
          .nullable()
          .describe('Set while the read model is stopped on an event it cannot apply: which event, why, since when'),
      }),
    )
    .optional()
    .describe('With the `audit` permission only; absent when the store is down and on a command instance'),
  rebuilds: z
    .array(
      z.object({
        projections: z.array(z.string()),
        applied: z.number(),
        position: z.string(),
        target: z.string(),
        startedAt: z.string(),
      }),
    )
    .optional()
    .describe('Rebuilds under way (the CLI, or a read model whose version changed): events folded so far, and the log position they run to; with the `audit` permission only'),
});
export type Health = z.infer<typeof HealthSchema>;
