import { connect, type NatsConnection } from '@nats-io/transport-node';

import type { Channel, Notifier } from './notifier';

const subject = (channel: Channel) => `erp.${channel}`;

/**
 * The notifier over NATS core pub/sub. Connecting waits for the server without failing the
 * process, and reconnects forever: while it is down every reader falls back to polling.
 */
export const natsNotifier = async (servers: string): Promise<Notifier> => {
  let healthy = false;
  const listeners = new Map<Channel, Set<(position: string) => void>>();
  const connecting = connect({
    servers,
    name: `erp-${process.pid}`,
    waitOnFirstConnect: true,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 500,
  });
  let nc: NatsConnection | null = null;

  const attach = (conn: NatsConnection) => {
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
  const first = await Promise.race([
    connecting.then((c) => c),
    new Promise<null>((resolve) => setTimeout(() => resolve(null), 2000)),
  ]);
  if (first) attach(first);
  else void connecting.then(attach, () => undefined);

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
      if (nc) await nc.drain().catch(() => undefined);
    },
  };
};
