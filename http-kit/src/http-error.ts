import type { ErrorCode, Issue } from '@erp/contracts';

/** An HTTP failure with the DESIGN §2 body `{ error, message, issues }`. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly issues?: Issue[],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, issues?: Issue[]) =>
  new HttpError(400, 'validation_failed', message, issues);
export const unauthenticated = (message = 'Please sign in') =>
  new HttpError(401, 'unauthenticated', message);
export const notFoundHttp = (message = 'Not found') => new HttpError(404, 'not_found', message);
export const conflictHttp = (message: string) => new HttpError(409, 'conflict', message);
