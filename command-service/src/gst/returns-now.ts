import type { FiledReturn } from '@erp/contracts';

/**
 * A month's returns as they stand now: computed by the read side once its read models have
 * applied every event committed so far, with the log position they were computed at.
 */
export type GstReturnsNow = (period: string) => Promise<{ readonly position: string; readonly returns: Readonly<Record<FiledReturn, Readonly<Record<string, unknown>>>> }>;
