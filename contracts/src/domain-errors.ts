import type { Issue } from './errors';

/**
 * The closed set of domain errors (STYLE b.3). Deciders throw them; one HTTP middleware maps
 * them to DESIGN §2 statuses. Pure: no HTTP types here.
 */
export class DomainError extends Error {
  constructor(
    readonly kind: 'validation' | 'not_found' | 'conflict' | 'version_mismatch',
    message: string,
    readonly issues?: Issue[],
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const validationError = (message: string, issues: Issue[]) =>
  new DomainError('validation', message, issues);
export const notFound = (message: string) => new DomainError('not_found', message);
export const conflict = (message: string, issues?: Issue[]) => new DomainError('conflict', message, issues);
export const versionMismatch = (message: string) => new DomainError('version_mismatch', message);
