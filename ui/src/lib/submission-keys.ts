/**
 * One Idempotency-Key per submission (DESIGN §2). A POST sent again with the same path and body
 * while the first is open — Save pressed again after a network error, or a retry — carries the
 * first one's key, so the server answers the first result instead of recording the sale twice
 * and using up two numbers. A submission is open until the server has answered it (2xx–4xx); a
 * network error or a 5xx (a proxy that lost the answer may have passed the request on) keeps
 * it open. The same values submitted after an answer, or changed values, get a new key.
 */
export class SubmissionKeys {
  /** Open submissions kept at most (the oldest is let go): a tab's forms, not a log. */
  static readonly OPEN_MAX = 50;
  private readonly open = new Map<string, string>();

  keyFor(path: string, body: unknown): string {
    const id = identity(path, body);
    const key = this.open.get(id) ?? randomUuid();
    this.open.delete(id);
    this.open.set(id, key);
    if (this.open.size > SubmissionKeys.OPEN_MAX) this.open.delete(this.open.keys().next().value!);
    return key;
  }

  /** The server answered with `status`: anything below 500 settles the submission. */
  answered(path: string, body: unknown, status: number) {
    if (status < 500) this.open.delete(identity(path, body));
  }

  clear() {
    this.open.clear();
  }
}

// The request as the server hashes it for the key (method, path and JSON body).
const identity = (path: string, body: unknown) => `${path}\n${JSON.stringify(body ?? null)}`;

/** A version 4 UUID from getRandomValues: crypto.randomUUID needs HTTPS, and the app may be served over plain HTTP on a LAN. */
const randomUuid = () => {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};
