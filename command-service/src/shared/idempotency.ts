import { createHash } from 'node:crypto';

import { HEADERS, IDEMPOTENCY_KEY_MAX } from '@erp/contracts';
import { type AnyDb, LOCK_KEYS } from '@erp/eventstore';
import { badRequest, conflictHttp } from '@erp/http-kit';
import { sql } from 'kysely';
import type { Context, Middleware, Next } from 'koa';

const REPLAYED_HEADERS = [HEADERS.eventPosition, 'ETag', 'Location'];

export const migrateIdempotency = async (db: AnyDb) => {
  // Every service process runs this at start; the lock keeps concurrent starters from racing.
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${LOCK_KEYS.idempotencySchema})`.execute(trx);
    await sql`create table if not exists idempotency_keys (
    user_id integer not null,
    key text not null,
    request_hash text not null,
    status integer not null,
    body jsonb,
    headers jsonb not null,
    created_at timestamptz not null default now(),
    primary key (user_id, key))`.execute(trx);
  });
};

const requestHash = (ctx: Context) =>
  createHash('sha256')
    .update(`${ctx.method} ${ctx.path}\n${JSON.stringify(ctx.request.body ?? null)}`)
    .digest('hex');

/**
 * DESIGN §2: a POST repeated with the same Idempotency-Key and body gets the first answer and
 * appends nothing; the same key with another body is a 409. Concurrent twins are caught by the
 * deterministic event ids that the key seeds (see handleCommand).
 */
export const idempotency = (db: AnyDb): Middleware => async (ctx: Context, next: Next) => {
  const key = ctx.get(HEADERS.idempotencyKey).trim();
  const state = ctx.state;
  if (ctx.method !== 'POST' || !key || !state.user) return next();
  // A longer key would not fit a btree index entry (about 2.7 KB): a 400, not a 500 from PostgreSQL.
  if (key.length > IDEMPOTENCY_KEY_MAX) {
    throw badRequest(`${HEADERS.idempotencyKey} is too long`, [{ path: HEADERS.idempotencyKey, message: `At most ${IDEMPOTENCY_KEY_MAX} characters` }]);
  }
  const hash = requestHash(ctx);
  const { rows } = await sql<{ request_hash: string; status: number; body: unknown; headers: Record<string, string> }>`
    select request_hash, status, body, headers from idempotency_keys
    where user_id = ${state.user.id} and key = ${key}`.execute(db);
  const previous = rows[0];
  if (previous) {
    if (previous.request_hash !== hash) throw conflictHttp('This Idempotency-Key was used for a different request');
    ctx.status = previous.status;
    ctx.set({ ...previous.headers, 'Idempotent-Replayed': 'true' });
    if (previous.body !== null) ctx.body = previous.body;
    return;
  }
  state.idempotencyKey = key;
  state.idempotencyHash = hash;
  await next();
  if (ctx.status >= 200 && ctx.status < 300) {
    const headers = Object.fromEntries(REPLAYED_HEADERS.filter((h) => ctx.response.get(h)).map((h) => [h, ctx.response.get(h)]));
    await sql`insert into idempotency_keys (user_id, key, request_hash, status, body, headers)
      values (${state.user.id}, ${key}, ${hash}, ${ctx.status}, ${JSON.stringify(ctx.body ?? null)}::jsonb, ${JSON.stringify(headers)}::jsonb)
      on conflict do nothing`.execute(db);
  }
};
