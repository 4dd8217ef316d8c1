import type { OutboxEntry } from '@/lib/outbox';

/**
 * What a write answers when it was kept in the outbox instead of reaching the server (issue 47):
 * the form closes (what was typed is in the outbox), the toast says it waits to sync, and
 * nothing is refetched (it would wait for the network).
 */
export interface Queued {
  readonly waitingToSync: OutboxEntry;
}

export const isQueued = (answer: unknown): answer is Queued =>
  typeof answer === 'object' && answer !== null && 'waitingToSync' in answer;
