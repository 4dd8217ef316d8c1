import { followUpMessage, type Gstr2bMatch, GSTR2B_PATHS, imsUpload, type ImsUploadEntry, returnPeriodOf, validationError } from '@erp/contracts';
import { businessTable } from '@erp/projections';
import type Router from '@koa/router';
import type { Context } from 'koa';

import { businessOfRow } from '../settings/business.routes';
import { type ReadDeps, readsFrom } from '../shared/read-your-writes';
import { GSTR2B_READ_MODELS, gstr2bPeriod, matchedPeriod, periodParam } from './gstr2b-read';
import { matchedItcForPeriod } from './matched-itc';

const noQuery = (ctx: Context) => {
  const unknown = Object.keys(ctx.query);
  if (unknown.length > 0) throw validationError(`Unknown query parameter: ${unknown.join(', ')}`, unknown.map((name) => ({ path: name, message: 'This route takes no parameters' })));
};

/** GSTR-2B matching's reads (issue 44 item 3): the period matched, its IMS upload, its matched ITC. */
export const gstr2bRoutes = (router: Router, deps: ReadDeps) => {
  const reads = readsFrom(deps, [...GSTR2B_READ_MODELS, businessTable.name]);

  router.get(GSTR2B_PATHS.period(':period'), reads, async (ctx: Context) => {
    noQuery(ctx);
    const period = periodParam(ctx.params.period);
    const { imported, rows, actions, tolerance } = await matchedPeriod(deps, period);
    const business = await businessOfRow(deps);
    const sender = { name: business?.tradeName || business?.legalName || '', gstin: business?.gstin ?? '' };
    const count = (status: string) => rows.filter((r) => r.status === status).length;
    const body: Gstr2bMatch = {
      period,
      tolerance,
      imported,
      counts: { matched: count('matched'), mismatched: count('mismatched'), onlyIn2b: count('only-in-2b'), onlyInBooks: count('only-in-books') },
      rows: rows.map((row) => {
        const stored = row.document ? actions.get(row.document.key) : undefined;
        return {
          ...row,
          differences: [...row.differences],
          action: stored ? { action: stored.action, by: stored.by, at: stored.at, source: stored.source } : null,
          followUp: row.status === 'only-in-books' && row.bill ? followUpMessage(row.bill, period, sender) : null,
        };
      }),
    };
    ctx.body = body;
  });

  router.get(GSTR2B_PATHS.imsUpload(':period'), reads, async (ctx: Context) => {
    noQuery(ctx);
    const period = periodParam(ctx.params.period);
    const { documents, actions } = await gstr2bPeriod(deps, period);
    const entries = documents.flatMap((document): ImsUploadEntry[] => {
      const stored = actions.get(document.key);
      if (!stored || stored.source !== 'owner' || stored.action === 'none' || stored.action === stored.portal) return [];
      return [{ document, action: stored.action, previous: stored.portal }];
    });
    const business = await businessOfRow(deps);
    ctx.set('Content-Disposition', `attachment; filename="IMS-${business?.gstin ?? 'upload'}-${returnPeriodOf(period)}.json"`);
    ctx.body = imsUpload(entries);
  });

  router.get(GSTR2B_PATHS.itc(':period'), reads, async (ctx: Context) => {
    noQuery(ctx);
    ctx.body = await matchedItcForPeriod(deps, periodParam(ctx.params.period));
  });
};
