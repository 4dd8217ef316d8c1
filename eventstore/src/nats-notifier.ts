import { connect, type NatsConnection, type Status } from '@nats-io/transport-node';

import { type Channel, CHANNELS, type Notifier } from './notifier';


/** Where the notifier says when NATS goes away and comes back (the server passes pino). */
export interface NotifierLog {
  info(fields: Record<string, unknown>, message: string): void;
  warn(fields: Record<string, unknown>, message: string): void;
}

const quiet: NotifierLog = { info: () => undefined, warn: () => undefined };

/** nats.js status events worth an operator's line ('reconnecting' and 'ping' repeat too often). */
const logStatus = (log: NotifierLog, status: Status) => {
  switch (status.type) {
    case 'disconnect':
      return log.warn({ status: status.type, server: status.server }, 'NATS connection lost; readers poll until it is back');
    case 'reconnect':
      return log.info({ status: status.type, server: status.server }, 'NATS connection restored');
    case 'error':
      return log.warn({ status: status.type, err: status.error }, 'NATS error');
    case 'staleConnection':
    case 'forceReconnect':
    case 'close':
      return log.warn({ status: status.type }, `NATS ${status.type}`);
    case 'ldm':
      return log.info({ status: status.type, server: status.server }, 'NATS server entering lame duck mode');
    case 'slowConsumer':
      return log.warn({ status: status.type, pending: status.pending }, 'NATS slow consumer');
    default:
      return undefined;
  }
};

/**
 * The notifier over NATS core pub/sub, on subjects of the store's own (`namespace`: its
 * identity). Connecting waits for the server without failing the
 * process, and reconnects forever: while it is down every reader falls back to polling.
 */
export const natsNotifier = async (servers: string, log: NotifierLog = quiet, namespace = 'default'): Promise<Notifier> => {
  // One store's wake-ups: another deployment on the same NATS (or a test beside it) never wakes
  // this one's readers, nor tells it that its read models reached a position of another log.
  const subject = (channel: Channel) => `erp.${namespace}.${channel}`;
  let healthy = false;
  let closed = false;
  const listeners = new Map<Channel, Set<(position: string) => void>>();
  // Our own first-connect loop (not `waitOnFirstConnect`, which cannot be cancelled): close()
  // must stop it, or a notifier closed while the server is down keeps the process alive and
  // comes back to life when the server appears.
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let wakeRetry: (() => void) | undefined;
  let warned = false;
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
      } catch (error) {
        if (!warned) log.warn({ servers, err: error }, 'NATS not reachable; readers poll and we keep trying');
        warned = true;
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
    log.info({ server: conn.getServer() }, 'NATS connected');
    for (const channel of CHANNELS) {
      conn.subscribe(subject(channel), {
        callback: (_err, msg) => {
          for (const listener of listeners.get(channel) ?? []) listener(msg.string());
        },
      });
    }
    void (async () => {
      for await (const status of conn.status()) {
        if (!closed) logStatus(log, status);
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
