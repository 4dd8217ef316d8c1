import { createServer, type RequestListener, type Server } from 'node:http';
import type { Socket } from 'node:net';

import type { Config } from './config';

export interface ConnectionLimits {
  readonly headersTimeoutMs: number;
  readonly requestTimeoutMs: number;
  readonly keepAliveTimeoutMs: number;
  /** Connections from one address beyond this are closed as they open; 0: no cap. */
  readonly maxConnectionsPerAddress: number;
}

/**
 * The limits from the config. `facesClients`: the server that browsers reach (one process, the
 * gateway). Behind a trusted proxy (ERP_TRUST_PROXY), and for the services behind the gateway or
 * HAProxy, every connection comes from the proxy: it caps per client, not us.
 */
export const connectionLimits = (config: Config, facesClients: boolean): ConnectionLimits => ({
  headersTimeoutMs: config.headersTimeoutMs,
  requestTimeoutMs: config.requestTimeoutMs,
  keepAliveTimeoutMs: config.keepAliveTimeoutMs,
  maxConnectionsPerAddress: facesClients && !config.trustProxy ? config.maxConnectionsPerAddress : 0,
});

/** Counts each address's open sockets; one over the cap is destroyed before it is read. */
const capPerAddress = (server: Server, cap: number) => {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const count = (open.get(address) ?? 0) + 1;
    if (count > cap) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
};

/**
 * An HTTP server that closes what clients leave hanging (issue 41 item 6): a connection that
 * sends no complete headers, or no complete request, in time gets 408 and is closed; an idle
 * one between requests is closed; and one address cannot hold every file descriptor.
 */
export const httpServer = (handler: RequestListener, limits: ConnectionLimits): Server => {
  const server = createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      // Node looks for late requests this often (30 s unless told): a limit is only as sharp as it.
      connectionsCheckingInterval: Math.min(1_000, limits.headersTimeoutMs),
    },
    handler,
  );
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  if (limits.maxConnectionsPerAddress > 0) capPerAddress(server, limits.maxConnectionsPerAddress);
  return server;
};
