/**
 * A test's time limit from the work it does, not a guess (issue 41: flat limits went red on a
 * machine busy with other work). Each step gets several times what it took on a 2-core machine at
 * load 10–19 (2026-11-27): an HTTP request 3–57 ms (a contract-fuzz write read back), a CLI command
 * on a fresh database 6–7 s, a server started and stopped 8 s, a scratch database 0.2–0.7 s.
 */
export const STEP_MS = { request: 250, command: 30_000, start: 60_000, database: 10_000 } as const;

export interface Work {
  readonly requests?: number;
  readonly commands?: number;
  readonly starts?: number;
  readonly databases?: number;
  /** Anything else, already in milliseconds (e.g. a socket's own time-out per case). */
  readonly ms?: number;
}

/** Milliseconds for `work`, plus 10 s for the test's own set-up and checks. */
export const budget = ({ requests = 0, commands = 0, starts = 0, databases = 0, ms = 0 }: Work) =>
  10_000 + requests * STEP_MS.request + commands * STEP_MS.command + starts * STEP_MS.start + databases * STEP_MS.database + ms;
