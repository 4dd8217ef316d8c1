import { BUSINESS_PATH, type Business, type BusinessAnswer, BusinessSchema } from '@erp/contracts';
import { businessTable } from '@erp/projections';
import type Router from '@koa/router';
import type { Context } from 'koa';
import { sql } from 'kysely';

import { type ReadDeps, readsFrom } from '../shared/read-your-writes';

const selection = sql.join(Object.keys(BusinessSchema.shape).map((name) => sql`${sql.id(name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`))} as ${sql.id(name)}`));

const profileRow = async (deps: Pick<ReadDeps, 'db'>) =>
  (await sql<Record<string, unknown>>`select ${selection}, version from ${sql.table(businessTable.name)} where id = 1`.execute(deps.db)).rows[0];

/** The business profile from its read model; null until the owner sets it. */
export const businessOfRow = async (deps: Pick<ReadDeps, 'db'>): Promise<Business | null> => {
  const row = await profileRow(deps);
  return row ? BusinessSchema.parse(row) : null;
};

/** GET /api/settings/business: the profile (null until the owner sets it), its version as ETag. */
export const businessReadRoutes = (router: Router, deps: ReadDeps) =>
  router.get(BUSINESS_PATH, readsFrom(deps, [businessTable.name]), async (ctx: Context) => {
    const row = await profileRow(deps);
    if (row) ctx.set('ETag', `"${String(row.version)}"`);
    const answer: BusinessAnswer = { configured: row !== undefined, profile: row ? BusinessSchema.parse(row) : null };
    ctx.body = answer;
  });
