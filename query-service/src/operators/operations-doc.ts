import { HEADERS } from '@erp/contracts';

/** Every custom header of the API, and which way it travels. */
export const HEADER_DOCS = [
  { name: HEADERS.eventPosition, in: 'response', description: 'On every write: the global position of its last event. Send it back as X-Min-Position to read your write.' },
  { name: HEADERS.minPosition, in: 'request', description: 'On a GET: wait (at most 5 s) until the read models this route reads include this position.' },
  { name: 'X-Read-Model-Stale', in: 'response', description: '`true` when X-Min-Position was not reached within 5 s, or at once when a read model this route reads is stopped on an event it cannot apply: the answer may miss that write.' },
  { name: HEADERS.nextAfter, in: 'response', description: 'On a list page (`?limit=`) with more after it: pass it as `?after=` for the next page. On the event feed (GET /api/events) always, an opaque cursor: pass it as `?after=` to go on (on an empty page, to poll).' },
  { name: 'X-Next-Cursor', in: 'response', description: 'On a list read with `?changedSince=`: the cursor to pass next time (changes after the last row answered; with `limit`, a full page means more may follow).' },
  { name: HEADERS.idempotencyKey, in: 'request', description: 'On a POST: a repeat with the same key and body gets the first answer and appends nothing; another body is a 409.' },
  { name: 'Idempotent-Replayed', in: 'response', description: '`true` on an answer replayed for a repeated Idempotency-Key.' },
  { name: 'ETag', in: 'response', description: 'On GET by id and on writes: `"<version>"` of the record.' },
  { name: 'If-Match', in: 'request', description: 'On PUT/DELETE: one ETag or a list; 412 when the record changed since. Without it the write goes through.' },
  { name: 'Retry-After', in: 'response', description: "Seconds to wait: on 429 (sign-in throttle, or an API key's rate limit) and on 503 (the service cannot reach its database, or too many passwords are being checked)." },
  { name: 'RateLimit-Limit', in: 'response', description: 'On every answer to an API key: the requests the key may send at once (its bucket; refilled at that many a minute, ERP_API_KEY_RATE_LIMIT).' },
  { name: 'RateLimit-Remaining', in: 'response', description: 'On every answer to an API key: the requests it may still send now.' },
  { name: 'RateLimit-Reset', in: 'response', description: "On every answer to an API key: seconds until its bucket is full again." },
  { name: HEADERS.requestId, in: 'both', description: 'Correlation id: yours if it is 1–100 of [A-Za-z0-9_-], else a new UUID; answered back and stored in the events metadata.' },
] as const;

/** Every environment variable of the server processes (server/src/config.ts). */
export const ENVIRONMENT_DOCS = [
  { name: 'PORT', default: '3000 (command 3001, query 3002)', description: 'HTTP port' },
  { name: 'HOST', default: '0.0.0.0', description: 'Address to listen on' },
  { name: 'DATABASE_URL', default: '—', description: 'PostgreSQL server; without it the one-process server runs an embedded PostgreSQL (services mode requires it)' },
  { name: 'ERP_DATA_DIR', default: './data', description: 'Embedded PostgreSQL cluster (not used when DATABASE_URL is set) and the backup key backup.key' },
  { name: 'NATS_URL', default: '—', description: 'NATS for wake-ups between processes; may be down: readers poll (≤ 1 s) and reconnect forever' },
  { name: 'ERP_ADMIN_USERNAME, ERP_ADMIN_PASSWORD', default: '—', description: 'Create the first user at start when none exists' },
  { name: 'ERP_SETUP_CODE', default: '— (one is made and logged)', description: 'The one-time code the setup screen asks for while no account exists; without it one is made at first start and printed in the log (`npm run erp -- setup-code` makes a new one)' },
  { name: 'ERP_ALLOWED_ORIGINS', default: '—', description: 'Extra origins (comma-separated) allowed to send writes' },
  { name: 'ERP_TRUST_PROXY', default: 'false', description: '`true` behind a reverse proxy that appends X-Forwarded-For (one-process server)' },
  { name: 'ERP_UI_DIR', default: './ui/dist', description: 'The built UI served by the one-process server and the gateway' },
  { name: 'COMMAND_URL, QUERY_URL', default: 'http://127.0.0.1:3001, :3002', description: 'Gateway: command and query instances, comma-separated (round robin)' },
  { name: 'LOG_LEVEL', default: 'info', description: 'pino level: fatal, error, warn, info, debug, trace, silent' },
  { name: 'METRICS_PORT', default: '—', description: 'Serve /metrics on this port (every process; none when unset). Never on PORT, which the shop network reaches' },
  { name: 'METRICS_HOST', default: '127.0.0.1', description: 'Address the /metrics port listens on (0.0.0.0 inside a private network, e.g. docker compose)' },
  { name: 'ERP_HEALTH_MAX_LAG_MS', default: '10000', description: 'Health says `degraded` once a read model lags more than this' },
  { name: 'ERP_BACKUP_DIR', default: '<ERP_DATA_DIR>/backups', description: 'Where the running one-process app writes its daily backups' },
  { name: 'ERP_BACKUP_KEEP', default: '14', description: 'How many daily backups to keep (older ones are deleted)' },
  { name: 'ERP_BACKUP_EVERY_HOURS', default: '24', description: 'Hours between automatic backups; 0 turns them off' },
  { name: 'ERP_BACKUP_KEY', default: '— (<ERP_DATA_DIR>/backup.key, made on first use)', description: "The backups' integrity key (32+ characters); restore needs the key a backup was made with" },
  { name: 'ERP_NEW_PASSWORD', default: '—', description: 'CLI create-user: the new password' },
  { name: 'ERP_NATS_PREFIX', default: 'erp', description: 'With NATS_URL: the first token of every published subject (<prefix>.<module>.<entity>.<Event>); each deployment on one NATS its own' },
  { name: 'ERP_INTEGRATION_STREAM', default: '<PREFIX>_EVENTS', description: 'With NATS_URL: the JetStream stream integration events are published to' },
  { name: 'ERP_WEBHOOK_BACKOFF_MS', default: '2000', description: "A webhook delivery's first wait before a retry; it doubles with each attempt, at most 10 minutes" },
  { name: 'ERP_WEBHOOK_TIMEOUT_MS', default: '10000', description: 'How long a webhook receiver has to answer before the attempt counts as failed' },
  { name: 'ERP_WEBHOOK_ALLOW_PRIVATE', default: 'false', description: '`true`: webhooks may go to loopback, private and link-local addresses (a receiver on the LAN); otherwise such URLs are refused at registration and at every connect' },
  { name: 'ERP_API_KEY_RATE_LIMIT', default: '600', description: 'Requests an API key may send at once, refilled at that many a minute; beyond it 429 with Retry-After. Counted by each process (services mode: each instance)' },
  { name: 'ERP_HASH_CONCURRENCY', default: 'min(2, cores − 1), at least 1', description: 'How many password hashes run together, each a core and 128 MiB for about half a second; at most UV_THREADPOOL_SIZE − 2, so file reads always have threads' },
  { name: 'ERP_HASH_QUEUE', default: '4', description: 'Hashes that may wait for a place; beyond them setup, sign-in and password change answer 503 with Retry-After at once' },
  { name: 'UV_THREADPOOL_SIZE', default: '4', description: "Node's thread pool (file reads, compression, password hashes): raise it to allow a higher ERP_HASH_CONCURRENCY" },
  { name: 'ERP_HEADERS_TIMEOUT_MS, ERP_REQUEST_TIMEOUT_MS', default: '10000, 30000', description: "A request's headers, and the whole request, must arrive within these or the connection gets 408 and is closed" },
  { name: 'ERP_KEEP_ALIVE_TIMEOUT_MS', default: '5000', description: 'An idle connection between requests is closed after this' },
  { name: 'ERP_MAX_CONNECTIONS_PER_ADDRESS', default: '64', description: 'Connections open at once from one address to the one-process server or the gateway; more are closed as they open (0: no cap; none behind ERP_TRUST_PROXY)' },
  { name: 'ERP_NEW_ROLE', default: 'owner', description: 'CLI create-user: the role (owner, staff, accountant or viewer)' },
  { name: 'ERP_TEST_CRASH_AFTER_APPEND', default: '—', description: 'Test suite only: `1` makes a write whose X-Request-Id starts with `crash-after-append` kill the process right after its append (idempotent-retry tests)' },
] as const;

export const HEALTH_SUMMARY =
  '200 `ok`; 200 `degraded` while NATS is down (readers poll), a read model lags beyond ERP_HEALTH_MAX_LAG_MS, or a read model is stopped on an event it cannot apply (named with the position, event and error; the others go on); 503 `down` when the database cannot be reached (take the instance out). No session needed.';

export const METRICS_SUMMARY =
  'Prometheus text on every process that has METRICS_PORT (`GET /metrics` on that port of METRICS_HOST, 127.0.0.1 unless told; never on the app port): erp_http_request_duration_seconds{method,route,status}, erp_http_conflicts_total{status}, erp_idempotent_replays_total, erp_appends_total, erp_appended_events_total, erp_notifier_up, erp_projection_lag_events{projection}, erp_projection_lag_seconds{projection}, erp_projection_stopped{projection}, and Node process metrics. Counts, durations and route patterns only: no ids, names or amounts.';
