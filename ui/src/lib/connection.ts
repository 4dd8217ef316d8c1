import { useSyncExternalStore } from 'react';

/**
 * What the top bar says about the network and the outbox (issue 47): online or offline (the
 * browser's word), and how many commands wait on the device, are being sent, or were refused.
 * The counts come from the outbox once its code has loaded (lib/offline-sync.ts).
 */
export interface Connection {
  readonly online: boolean;
  readonly waiting: number;
  readonly refused: number;
  readonly syncing: boolean;
}

let state: Connection = { online: typeof navigator === 'undefined' ? true : navigator.onLine, waiting: 0, refused: 0, syncing: false };
const listeners = new Set<() => void>();

export const setConnection = (change: Partial<Connection>) => {
  state = { ...state, ...change };
  for (const listener of listeners) listener();
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => setConnection({ online: true }));
  window.addEventListener('offline', () => setConnection({ online: false }));
}

export const useConnection = () => useSyncExternalStore(subscribe, () => state);
