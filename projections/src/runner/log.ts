/**
 * Where the runner and rebuilds say what they do: structured fields and a message, pino's
 * shape, so the server passes its logger in and this package never imports it.
 */
export interface ProjectionLog {
  info(fields: Record<string, unknown>, message: string): void;
  warn(fields: Record<string, unknown>, message: string): void;
  error(fields: Record<string, unknown>, message: string): void;
}

export const silentLog: ProjectionLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** Events per second over `ms`, rounded. */
export const perSecond = (events: number, ms: number) => (ms > 0 ? Math.round((events * 1000) / ms) : events);
