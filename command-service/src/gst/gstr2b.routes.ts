import {
  BUSINESS_STREAM,
  DEFAULT_TOLERANCE,
  GSTR2B_EVENTS,
  GSTR2B_PATHS,
  Gstr2bImportBodySchema,
  gstr2bStream,
  ImsActionBodySchema,
  ImsImportBodySchema,
  PeriodSchema,
  readGstr2b,
  readIms,
  ToleranceBodySchema,
  toMoney,
  validationError,
} from '@erp/contracts';
import type Router from '@koa/router';

import type { CommandDeps } from '../master-data/master-data.routes';
import { businessDecider } from '../settings/business.decider';
import { commandRoute } from '../shared/command-route';
import { decideAll, foldStored } from '../shared/decider';
import { gstr2bDecider } from './gstr2b.decider';

/** The `:period` of a path (YYYY-MM of the accepted years), else a 400 naming it. */
const periodOf = (params: Readonly<Record<string, string>>) => {
  const parsed = PeriodSchema.safeParse(params.period);
  if (!parsed.success) throw validationError('Not a return period', [{ path: 'period', message: parsed.error.issues[0]?.message ?? 'Period must be a month (YYYY-MM)' }]);
  return parsed.data;
};

const decodedOf = async (deps: CommandDeps, streamId: string) => (await deps.store.readStream(streamId)).events.flatMap((e) => gstr2bDecider.decode(e) ?? []);

/** Importing GSTR-2B and IMS files, the owner's IMS actions and the tolerance (issue 44 item 3). */
export const gstr2bWriteRoutes = (router: Router, deps: CommandDeps) => {
  commandRoute(router, deps.store, {
    method: 'post',
    path: GSTR2B_PATHS.imports,
    label: 'GSTR-2B',
    body: Gstr2bImportBodySchema,
    status: 201,
    command: ({ body, metadata }) => {
      // Read before anything is loaded: a bad file is a 400 and nothing is stored.
      const file = readGstr2b(body.file);
      const period = PeriodSchema.safeParse(file.period);
      if (!period.success) throw validationError('The return period is out of range', [{ path: 'file.data.rtnprd', message: period.error.issues[0]?.message ?? 'Out of range' }]);
      return async (ctx) => {
        const business = await ctx.load(BUSINESS_STREAM, businessDecider);
        const gstin = business.state.status === 'set' ? business.state.profile.gstin : null;
        if (!gstin) throw validationError('Set the business GSTIN in Settings first', [{ path: 'gstin', message: 'Set the business GSTIN in Settings first' }]);
        if (file.gstin !== gstin) throw validationError('This GSTR-2B is for another GSTIN', [{ path: 'file.data.gstin', message: `The file is for ${file.gstin}; the business is ${gstin}` }]);
        const stream = await ctx.load(gstr2bStream(file.period), gstr2bDecider);
        const data = { period: file.period, fileName: body.fileName, gstin: file.gstin, generatedOn: file.generatedOn, documents: file.documents, notRead: file.notRead };
        const events = decideAll(gstr2bDecider, { type: 'Import2b', data, metadata }, stream.state);
        const result = { period: file.period, importId: stream.state.imports + 1, documents: file.documents.length, replaced: stream.state.imports > 0, notRead: file.notRead };
        return { main: stream, appends: [{ stream, events }], result };
      };
    },
    replay: async (streamId) => {
      const last = (await decodedOf(deps, streamId)).filter((e) => e.type === GSTR2B_EVENTS.imported).at(-1);
      if (last?.type !== GSTR2B_EVENTS.imported) return null;
      return { period: last.data.period, importId: last.data.importId, documents: last.data.documents.length, replaced: last.data.importId > 1, notRead: last.data.notRead };
    },
  });

  commandRoute(router, deps.store, {
    method: 'post',
    path: GSTR2B_PATHS.ims,
    label: 'IMS file',
    body: ImsImportBodySchema,
    status: 201,
    command: ({ body, metadata }) => {
      const statuses = readIms(body.file);
      const periods = [...new Set(statuses.map((s) => s.period))].sort();
      periods.forEach((p) => {
        if (!PeriodSchema.safeParse(p).success) throw validationError('A return period is out of range', [{ path: 'file', message: `${p} is out of range` }]);
      });
      return async (ctx) => {
        const appends = [];
        for (const period of periods) {
          const stream = await ctx.load(gstr2bStream(period), gstr2bDecider);
          const data = { period, fileName: body.fileName, statuses: statuses.filter((s) => s.period === period) };
          appends.push({ stream, events: decideAll(gstr2bDecider, { type: 'ImportIms', data, metadata }, stream.state) });
        }
        const result = { periods: periods.map((period) => ({ period, statuses: statuses.filter((s) => s.period === period).length })) };
        return { main: appends[0]!.stream, appends, result };
      };
    },
    replay: async (streamId) => {
      const last = (await decodedOf(deps, streamId)).filter((e) => e.type === GSTR2B_EVENTS.imsImported).at(-1);
      return { periods: last?.type === GSTR2B_EVENTS.imsImported ? [{ period: last.data.period, statuses: last.data.statuses.length }] : [] };
    },
  });

  commandRoute(router, deps.store, {
    method: 'post',
    path: GSTR2B_PATHS.actions(':period'),
    label: 'IMS action',
    body: ImsActionBodySchema,
    status: 201,
    command: ({ params, body, metadata }) => async (ctx) => {
      const period = periodOf(params);
      const stream = await ctx.load(gstr2bStream(period), gstr2bDecider);
      const events = decideAll(gstr2bDecider, { type: 'TakeAction', data: { period, ...body }, metadata }, stream.state);
      return { main: stream, appends: [{ stream, events }], result: { period, key: body.key, action: body.action } };
    },
    replay: async (streamId) => {
      const last = (await decodedOf(deps, streamId)).filter((e) => e.type === GSTR2B_EVENTS.actionTaken).at(-1);
      return last?.type === GSTR2B_EVENTS.actionTaken ? last.data : null;
    },
  });

  commandRoute(router, deps.store, {
    method: 'put',
    path: GSTR2B_PATHS.tolerance(':period'),
    label: 'Tolerance',
    body: ToleranceBodySchema,
    status: 200,
    command: ({ params, body, metadata }) => async (ctx) => {
      const period = periodOf(params);
      const stream = await ctx.load(gstr2bStream(period), gstr2bDecider);
      const events = decideAll(gstr2bDecider, { type: 'SetTolerance', data: { period, tolerance: body.tolerance }, metadata }, stream.state);
      return { main: stream, appends: [{ stream, events }], result: { period, tolerance: toMoney(body.tolerance) } };
    },
    replay: async (streamId) => ({ period: streamId.slice(streamId.indexOf(':') + 1), tolerance: foldStored(gstr2bDecider, (await deps.store.readStream(streamId)).events).tolerance ?? DEFAULT_TOLERANCE }),
  });
};
