import { request, type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';

import { API_CSP, SECURITY_HEADERS } from '@erp/http-kit';

const forward = (target: URL, trustProxy: boolean) => (req: IncomingMessage, res: ServerResponse) => {
  // The client's own X-Forwarded-Proto counts only from a proxy we were told to trust: it decides
  // whether the session cookie is marked Secure.
  const proto = trustProxy ? (req.headers['x-forwarded-proto'] as string | undefined) : undefined;
  const upstream = request(
    {
      hostname: target.hostname,
      port: target.port,
      method: req.method,
      path: req.url,
      headers: {
        ...req.headers,
        'x-forwarded-for': [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', '),
        'x-forwarded-proto': proto ?? 'http',
        'x-forwarded-host': req.headers.host ?? '',
      },
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => {
    if (!res.headersSent) {
      res.writeHead(502, { ...SECURITY_HEADERS, 'content-security-policy': API_CSP, 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'internal_error', message: 'The service behind the gateway is not reachable' }));
    } else res.destroy();
  });
  req.pipe(upstream);
};

/**
 * Reverse proxy to one or more instances, round robin (COMMAND_URL/QUERY_URL may list several).
 * `trustProxy`: the gateway itself sits behind a TLS-terminating proxy (ERP_TRUST_PROXY).
 */
export const proxyTo = (urls: string, trustProxy = false): RequestListener => {
  const targets = urls.split(',').map((u) => forward(new URL(u.trim()), trustProxy));
  let next = 0;
  return (req, res) => targets[next++ % targets.length]!(req, res);
};
