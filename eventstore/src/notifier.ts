import { EventEmitter } from 'node:events';

/**
 * 'appended': the log grew up to N. 'projected': a projection committed up to N. 'wanted': a
 * reader waits for the read models to reach N (the projection runner starts its next round now).
 */
export const CHANNELS = ['appended', 'projected', 'wanted'] as const;
export type Channel = (typeof CHANNELS)[number];

/** Wake-up signals between processes. Losing one is harmless: every reader also polls. */
export interface Notifier {
  readonly kind: string;
  publish(channel: Channel, position: string): void;
  subscribe(channel: Channel, listener: (position: string) => void): () => void;
  isHealthy(): boolean;
  close(): Promise<void>;
}

export const inProcessNotifier = (): Notifier => {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    kind: 'in-process',
    publish: (channel, position) => void emitter.emit(channel, position),
    subscribe: (channel, listener) => {
      emitter.on(channel, listener);
      return () => void emitter.off(channel, listener);
    },
    isHealthy: () => true,
    close: async () => void emitter.removeAllListeners(),
  };
};
