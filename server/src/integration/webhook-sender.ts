import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';

import { hostOf, isPrivateAddress, targetLookup, type WebhookTargetPolicy, WebhookTargetRefused } from '@erp/http-kit';

export interface SendOutcome {
  readonly status: number | null;
  readonly error: string | null;
  /** Refused by the target policy: nothing was sent, and retrying would not change that. */
  readonly refused: boolean;
}

/**
 * How a delivery is POSTed: node:http(s) through agents whose sockets connect with the policy's
 * lookup, so the address is checked as the connection is made — a name that resolves inside the
 * server's network by then (DNS rebinding) is refused before any byte is sent. An IP literal is
 * never looked up, so it is checked before. Redirects are not followed. Every failure without
 * an HTTP answer reads the same, so the delivery list does not tell an open port from a closed one.
 */
export const webhookSender = (policy: WebhookTargetPolicy, timeoutMs: number) => {
  const lookup = targetLookup(policy);
  const agents = { http: new http.Agent({ keepAlive: true, lookup }), https: new https.Agent({ keepAlive: true, lookup }) };
  const noAnswer = `No answer: the receiver could not be reached or did not answer within ${timeoutMs} ms`;

  const send = (url: URL, headers: Record<string, string>, body: string) =>
    new Promise<number>((resolve, reject) => {
      const secure = url.protocol === 'https:';
      const request = (secure ? https : http).request(
        url,
        { method: 'POST', agent: secure ? agents.https : agents.http, headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) }, signal: AbortSignal.timeout(timeoutMs) },
        (res) => {
          res.on('error', reject);
          res.on('end', () => resolve(res.statusCode ?? 0));
          res.resume();
        },
      );
      request.on('error', reject);
      request.end(body);
    });

  return {
    post: async (target: string, headers: Record<string, string>, body: string): Promise<SendOutcome> => {
      try {
        const host = hostOf(target);
        if (!policy.allowPrivate && isIP(host) && isPrivateAddress(host)) throw new WebhookTargetRefused(host);
        const status = await send(new URL(target), headers, body);
        return { status, error: status >= 200 && status < 300 ? null : `HTTP ${status}`, refused: false };
      } catch (error) {
        if (error instanceof WebhookTargetRefused) return { status: null, error: error.message, refused: true };
        return { status: null, error: noAnswer, refused: false };
      }
    },
    close: () => {
      agents.http.destroy();
      agents.https.destroy();
    },
  };
};
export type WebhookSender = ReturnType<typeof webhookSender>;
