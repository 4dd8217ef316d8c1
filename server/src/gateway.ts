import { request, type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';

import { logger } from './log';

const forward = (target: URL) => (req: IncomingMessage, res: ServerResponse) => {
  const upstream = request(
    {
      hostname: target.hostname,
      port: target.port,
      method: req.method,
      path: req.url,
      headers: {
        ...req.headers,
        'x-forwarded-for': [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', '),
        'x-forwarded-proto': (req.headers['x-forwarded-proto'] as string | undefined) ?? 'http',
        'x-forwarded-host': req.headers.host ?? '',
      },
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', (error: NodeJS.ErrnoException) => {
    // The path without its query: a search text is the user's, not the log's.
    const failure = { target: target.origin, method: req.method, path: (req.url ?? '/').split('?')[0], code: error.code ?? error.message };
    if (!res.headersSent) {
      logger.warn({ ...failure, status: 502 }, 'gateway: upstream failed');
      res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'internal_error', message: 'The service behind the gateway is not reachable' }));
    } else {
      logger.warn(failure, 'gateway: upstream failed mid-answer; connection cut');
      res.destroy();
    }
  });
  req.pipe(upstream);
};

/** Reverse proxy to one or more instances, round robin (COMMAND_URL/QUERY_URL may list several). */
export const proxyTo = (urls: string): RequestListener => {
  const targets = urls.split(',').map((u) => forward(new URL(u.trim())));
  let next = 0;
  return (req, res) => targets[next++ % targets.length]!(req, res);
};
