import { BUSINESS_PATH, type BusinessAnswer, BusinessSchema } from '@erp/contracts';
import { businessTable } from '@erp/projections';
import type Router from '@koa/router';
import type { Context } from 'koa';
import { sql } from 'kysely';

import { type ReadDeps, readsFrom } from '../shared/read-your-writes';

const selection = sql.join(Object.keys(BusinessSchema.shape).map((name) => sql`${sql.id(name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`))} as ${sql.id(name)}`));

/** GET /api/settings/business: the profile (null until the owner sets it), its version as ETag. */
export const businessReadRoutes = (router: Router, deps: ReadDeps) =>
  router.get(BUSINESS_PATH, readsFrom(deps, [businessTable.name]), async (ctx: Context) => {
    const { rows } = await sql<Record<string, unknown>>`select ${selection}, version from ${sql.table(businessTable.name)} where id = 1`.execute(deps.db);
    const row = rows[0];
    if (row) ctx.set('ETag', `"${String(row.version)}"`);
    const answer: BusinessAnswer = { configured: row !== undefined, profile: row ? BusinessSchema.parse(row) : null };
    ctx.body = answer;
  });
