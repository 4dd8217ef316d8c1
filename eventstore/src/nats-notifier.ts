import { connect, type NatsConnection } from '@nats-io/transport-node';

import type { Channel, Notifier } from './notifier';

const subject = (channel: Channel) => `erp.${channel}`;

/**
 * The notifier over NATS core pub/sub. Connecting waits for the server without failing the
 * process, and reconnects forever: while it is down every reader falls back to polling.
 */
export const natsNotifier = async (servers: string): Promise<Notifier> => {
  let healthy = false;
  let closed = false;
  const listeners = new Map<Channel, Set<(position: string) => void>>();
  // Our own first-connect loop (not `waitOnFirstConnect`, which cannot be cancelled): close()
  // must stop it, or a notifier closed while the server is down keeps the process alive and
  // comes back to life when the server appears.
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let wakeRetry: (() => void) | undefined;
  const connectUntilClosed = async (): Promise<NatsConnection | null> => {
    while (!closed) {
      try {
        return await connect({
          servers,
          name: `erp-${process.pid}`,
          timeout: 2000,
          maxReconnectAttempts: -1,
          reconnectTimeWait: 500,
        });
      } catch {
        await new Promise<void>((resolve) => {
          wakeRetry = resolve;
          retryTimer = setTimeout(resolve, 500);
        });
      }
    }
    return null;
  };
  const connecting = connectUntilClosed();
  let nc: NatsConnection | null = null;

  const attach = (conn: NatsConnection | null) => {
    if (!conn || closed) return; // close() drains a connection that arrives after it
    nc = conn;
    healthy = true;
    for (const channel of ['appended', 'projected'] as const) {
      conn.subscribe(subject(channel), {
        callback: (_err, msg) => {
          for (const listener of listeners.get(channel) ?? []) listener(msg.string());
        },
      });
    }
    void (async () => {
      for await (const status of conn.status()) {
        if (status.type === 'disconnect') healthy = false;
        if (status.type === 'reconnect') healthy = true;
      }
    })();
  };
  // Give a reachable server a moment, but never block start-up on it.
  let startTimer: ReturnType<typeof setTimeout> | undefined;
  const first = await Promise.race([
    connecting,
    new Promise<undefined>((resolve) => {
      startTimer = setTimeout(() => resolve(undefined), 2000);
    }),
  ]);
  clearTimeout(startTimer);
  if (first !== undefined) attach(first);
  else void connecting.then(attach);

  return {
    kind: 'nats',
    publish: (channel, position) => {
      if (nc && healthy) nc.publish(subject(channel), position);
    },
    subscribe: (channel, listener) => {
      const set = listeners.get(channel) ?? new Set();
      set.add(listener);
      listeners.set(channel, set);
      return () => void set.delete(listener);
    },
    isHealthy: () => healthy,
    close: async () => {
      healthy = false;
      closed = true;
      clearTimeout(retryTimer);
      wakeRetry?.();
      const conn = nc ?? (await connecting);
      if (conn) await conn.drain().catch(() => conn.close());
    },
  };
};
