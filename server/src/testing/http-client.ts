import { api } from '@erp/contracts';

import { throwIfTestEnded } from './test-work';

/** What a test wants from an answer: status, headers, the raw text and (when JSON) the body. */
export interface Answer<T = unknown> {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  readonly body: T;
}

export interface RequestOptions {
  /** Sent as JSON with `Content-Type: application/json`. */
  readonly json?: unknown;
  /** Sent as is (set the content type yourself). */
  readonly raw?: string;
  readonly headers?: Record<string, string>;
  /** Skip the cookie jar for this request (an anonymous call). */
  readonly anonymous?: boolean;
  /** Give up (the promise rejects) after this long. */
  readonly timeoutMs?: number;
}

/**
 * A tiny HTTP client with a cookie jar: Node's fetch keeps no cookies, so Set-Cookie is kept
 * here by hand (name → value; an expired or emptied cookie is dropped).
 */
export class HttpClient {
  readonly cookies = new Map<string, string>();

  /** The jar as a Cookie header, for a request made with fetch itself (a PDF, a stream). */
  cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** `defaults.headers` go with every request (an API key's `Authorization`). */
  constructor(
    readonly baseUrl: string,
    readonly defaults: { readonly headers?: Record<string, string> } = {},
  ) {}

  async request<T = unknown>(method: string, path: string, options: RequestOptions = {}): Promise<Answer<T>> {
    throwIfTestEnded();
    const headers: Record<string, string> = { ...this.defaults.headers, ...options.headers };
    let body: string | undefined;
    if (options.json !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.raw !== undefined) {
      body = options.raw;
    }
    if (!options.anonymous && this.cookies.size > 0) {
      headers.cookie = this.cookieHeader();
    }
    const signal = options.timeoutMs ? AbortSignal.timeout(options.timeoutMs) : undefined;
    const res = await fetch(`${this.baseUrl}${path}`, { method, headers, body, redirect: 'manual', signal });
    if (!options.anonymous) this.keepCookies(res.headers);
    const text = await res.text();
    let parsed: unknown = undefined;
    if ((res.headers.get('content-type') ?? '').includes('json') && text) parsed = JSON.parse(text);
    return { status: res.status, headers: res.headers, text, body: parsed as T };
  }

  get<T = unknown>(path: string, options?: RequestOptions) {
    return this.request<T>('GET', path, options);
  }
  post<T = unknown>(path: string, json?: unknown, options: RequestOptions = {}) {
    return this.request<T>('POST', path, { ...options, json });
  }
  put<T = unknown>(path: string, json?: unknown, options: RequestOptions = {}) {
    return this.request<T>('PUT', path, { ...options, json });
  }
  delete<T = unknown>(path: string, options?: RequestOptions) {
    return this.request<T>('DELETE', path, options);
  }

  /** First user of a fresh system (`POST /api/auth/setup`); the client is then signed in. */
  async setup(username: string, password: string, setupCode = 'TEST-CODE') {
    const res = await this.post<{ id: number; username: string }>(api.auth.setup, { username, password, setupCode });
    if (res.status !== 201) throw new Error(`setup answered ${res.status}: ${res.text}`);
    return res;
  }

  async login(username: string, password: string) {
    return this.post<{ id: number; username: string }>(api.auth.login, { username, password });
  }

  private keepCookies(headers: Headers) {
    for (const line of headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((s) => s.trim());
      const eq = pair.indexOf('=');
      if (eq <= 0) continue;
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      const expired = attributes.some((a) => {
        const [k = '', v = ''] = a.split('=');
        if (k.toLowerCase() === 'max-age') return Number(v) <= 0;
        if (k.toLowerCase() === 'expires') return Date.parse(v) <= Date.now();
        return false;
      });
      if (!value || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

/** Waits on a condition by polling it (for health/position, never as a bare sleep). */
export const eventually = async <T>(
  probe: () => Promise<T>,
  done: (value: T) => boolean,
  { timeoutMs = 30_000, intervalMs = 50, what = 'condition' } = {},
): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; last value: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
};
