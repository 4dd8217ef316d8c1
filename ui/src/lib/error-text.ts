import { isApiError } from '@/lib/api-client';

/**
 * What went wrong, as a sentence for a person (never `401: {"error":…}`): the server's own
 * message where it wrote one for people, else what the status means to them.
 */
export const errorText = (error: unknown): string => {
  if (isApiError(error)) {
    if (error.status === 401) return 'You are signed out. Please sign in again.';
    if (error.status === 403) return 'You are not allowed to do this.';
    if (error.status === 404) return 'It was not found: it may have been removed.';
    // Busy or throttled: the server says how long to wait ('try again in 3 seconds').
    if (error.status === 429) return error.serverMessage ?? 'Too many attempts. Please wait a minute and try again.';
    if (error.status === 503) return error.serverMessage ?? 'The server is busy. Please try again in a moment.';
    if (error.status >= 500) return 'The server had a problem. Please try again in a moment.';
    return error.serverMessage ?? 'The server refused this. Please check and try again.';
  }
  if (error instanceof TypeError && typeof navigator !== 'undefined' && !navigator.onLine) {
    return 'You are offline, and this needs the network: what you typed stays here until you can send it.';
  }
  if (error instanceof TypeError) return 'The server could not be reached. Check your connection and try again.';
  return 'Something went wrong. Please try again.';
};

/**
 * Whether the same request may work if sent again: offline, a busy or failing server, a timeout.
 * A refusal of what was asked (a 4xx but 408 and 429) answers the same until something changes.
 */
export const mayPassOnRetry = (error: unknown): boolean => !isApiError(error) || error.status >= 500 || error.status === 408 || error.status === 429;

/** A refusal that says what to change in Settings ('Set the business GSTIN in Settings first'). */
export const needsSettings = (error: unknown): boolean => isApiError(error) && error.status < 500 && /\bin Settings\b/.test(error.serverMessage ?? '');
