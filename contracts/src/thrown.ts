import type { Issue } from './errors';

/**
 * What a caught value says about itself, read without trusting its type: a driver's error code
 * (PostgreSQL's SQLSTATE, Node's `ENOENT`, zlib's `Z_…`), an HTTP status, a message.
 */
export const errorCode = (error: unknown): string | undefined =>
  typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : undefined;

export const errorStatus = (error: unknown): number | undefined =>
  typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number' ? error.status : undefined;

/** The error's message, or the value itself as text. */
export const errorMessage = (error: unknown): string =>
  typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string' ? error.message : String(error);

/** An API issue (`{ path, message }`) as an error body carries it. */
export const isIssue = (value: unknown): value is Issue => isRecord(value) && typeof value.path === 'string' && typeof value.message === 'string';

/** A plain JSON-like object (not null, not an array). */
export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
