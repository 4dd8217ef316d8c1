import { isIssue, isRecord } from '@erp/contracts/shell';

/**
 * The outbox on the device (issue 47): every command the UI may make offline is written here,
 * with its own Idempotency-Key, before it is sent, and leaves only when the server has answered
 * it. Offline (or when the answer was lost) it waits, surviving a reload and the app being
 * closed, and is sent again — in the order it was made, with the same key, so the server's
 * replay protection records it once. What the server refuses later (a conflict, a stale
 * version, a rule) is kept with the refusal and the values typed, until the person edits it
 * again or discards it.
 */

/** A record waiting here, in the app's paths (its print page): `waiting-{its id}`. */
export const WAITING_ID = 'waiting-';

export interface Refusal {
  readonly status: number;
  readonly message: string;
  readonly issues: readonly { readonly path: string; readonly message: string }[];
}

export interface OutboxEntry {
  /** The command's Idempotency-Key, and its id here. */
  readonly id: string;
  /** The order it was made in: sent in this order. */
  readonly seq: number;
  readonly method: 'POST' | 'PUT';
  readonly path: string;
  readonly body: unknown;
  /** The version the edit was made on (PUT): a record changed meanwhile answers 412. */
  readonly ifMatch: string | null;
  readonly queuedAt: string;
  readonly state: 'waiting' | 'refused';
  readonly refusal: Refusal | null;
  /** What the device knows only while it waits (an offline invoice's number from the device's series). */
  readonly note: Readonly<Record<string, string>>;
}

export interface OutboxStore {
  all(): Promise<OutboxEntry[]>;
  put(entry: OutboxEntry): Promise<void>;
  remove(id: string): Promise<void>;
}

/** Sends one command; throws when the network did not answer. */
export type Transmit = (entry: OutboxEntry) => Promise<Response>;

/** What became of a submission: the server's answer, or kept here to be sent later. */
export type Outcome = { readonly kind: 'answered'; readonly response: Response } | { readonly kind: 'queued'; readonly entry: OutboxEntry };

export type NewCommand = Pick<OutboxEntry, 'id' | 'method' | 'path' | 'body' | 'ifMatch'> & { readonly note?: Readonly<Record<string, string>> };

/** One flush at a time across the app's tabs where the browser offers locks; in this tab alone otherwise. */
const exclusive = async <T>(run: () => Promise<T>): Promise<T> => {
  // Older browsers have no `locks` on navigator (the DOM types say every one has).
  const locks: LockManager | undefined = typeof navigator !== 'undefined' && 'locks' in navigator ? navigator.locks : undefined;
  return locks ? locks.request('erp-outbox', run) : run();
};

const refusalOf = async (response: Response): Promise<Refusal> => {
  const body: unknown = await response.json().catch(() => null);
  const issues = isRecord(body) && Array.isArray(body.issues) ? body.issues.filter(isIssue) : [];
  return { status: response.status, message: isRecord(body) && typeof body.message === 'string' ? body.message : response.statusText, issues };
};

export class Outbox {
  private entries: OutboxEntry[] = [];
  private readonly listeners = new Set<() => void>();
  /** Submissions whose form is still open: handed the server's answer, refused or not. */
  private readonly live = new Map<string, (outcome: Outcome) => void>();
  private flushing: Promise<number> | null = null;
  private rerun: Promise<number> | null = null;
  private readonly loaded: Promise<void>;

  constructor(
    private readonly store: OutboxStore,
    private readonly transmit: Transmit,
    private readonly now: () => Date = () => new Date(),
    /** How long a form waits for the server's answer before its command is left to wait here. */
    private readonly answerWithinMs = 10_000,
  ) {
    this.loaded = this.reload();
  }

  /** The commands kept here, oldest first. */
  list(): readonly OutboxEntry[] {
    return this.entries;
  }

  ready(): Promise<void> {
    return this.loaded;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /**
   * Keeps the command, then sends what waits, in order, this one last. Answered: the server's
   * answer, refused or not, for the form to show (the command leaves the outbox). Not answered
   * (offline, a lost answer, a server fault, or an older command not yet through): kept here.
   */
  async submit(command: NewCommand): Promise<Outcome> {
    await this.loaded;
    const existing = this.entries.find((e) => e.id === command.id);
    const entry: OutboxEntry = existing ?? {
      ...command,
      note: command.note ?? {},
      seq: Math.max(0, ...this.entries.map((e) => e.seq)) + 1,
      queuedAt: this.now().toISOString(),
      state: 'waiting',
      refusal: null,
    };
    if (!existing) await this.save(entry);
    const outcome = new Promise<Outcome>((resolve) => this.live.set(entry.id, resolve));
    const kept = () => {
      const resolve = this.live.get(entry.id);
      this.live.delete(entry.id);
      resolve?.({ kind: 'queued', entry: this.entries.find((e) => e.id === entry.id) ?? entry });
    };
    void this.flush().then(kept);
    // No answer soon (a signal that comes and goes): the form is let go and the command waits;
    // an answer that comes later is the outbox's to handle.
    const timer = setTimeout(kept, this.answerWithinMs);
    return outcome.finally(() => clearTimeout(timer));
  }

  /**
   * Sends every waiting command in order, stopping at the first the network does not answer (or
   * the server could not take: 5xx, signed out). Gives how many the server recorded.
   */
  flush(): Promise<number> {
    // One at a time; asked during one, another runs after it (for the command just kept).
    if (this.flushing) return (this.rerun ??= this.flushing.then(() => ((this.rerun = null), this.flush())));
    this.flushing = exclusive(() => this.sendWaiting()).finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  /** Forgets a command for good (a refused one the person gave up, or a waiting one they no longer want). */
  async discard(id: string) {
    await this.loaded;
    await this.store.remove(id);
    this.entries = this.entries.filter((e) => e.id !== id);
    this.emit();
  }

  private async sendWaiting(): Promise<number> {
    await this.reload();
    let recorded = 0;
    for (const entry of [...this.entries]) {
      if (entry.state !== 'waiting') continue;
      let response: Response;
      try {
        response = await this.transmit(entry);
      } catch {
        return recorded;
      }
      const live = this.live.has(entry.id);
      // A server fault (a proxy may have passed it on), or a session lost while nobody watches:
      // the command waits, and the same key makes the resend safe.
      if (response.status >= 500 || (response.status === 401 && !live)) return recorded;
      if (response.ok || live) {
        if (response.ok) recorded++;
        await this.store.remove(entry.id);
        this.entries = this.entries.filter((e) => e.id !== entry.id);
        this.answerLive(entry.id, response);
      } else {
        await this.save({ ...entry, state: 'refused', refusal: await refusalOf(response) });
      }
      this.emit();
    }
    return recorded;
  }

  private answerLive(id: string, response: Response) {
    const resolve = this.live.get(id);
    if (!resolve) return;
    this.live.delete(id);
    resolve({ kind: 'answered', response });
  }

  private async save(entry: OutboxEntry) {
    await this.store.put(entry);
    this.entries = [...this.entries.filter((e) => e.id !== entry.id), entry].sort((a, b) => a.seq - b.seq);
    this.emit();
  }

  private async reload() {
    this.entries = (await this.store.all()).sort((a, b) => a.seq - b.seq);
    this.emit();
  }

  private emit() {
    for (const listener of this.listeners) listener();
  }
}
