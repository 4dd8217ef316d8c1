import { api, findModule, MODULES, notFound, tasksOf } from '@erp/contracts';
import type Router from '@koa/router';
import type { Context } from 'koa';

/** Route patterns: not api.module(':name'), which URL-encodes the colon into a literal path. */
const MODULE = `${api.modules}/:name`;
const MODULE_TASKS = `${api.modules}/:name/tasks`;

/** The module catalogue is product configuration from contracts, not tenant data. */
export const moduleRoutes = (router: Router) => {
  router.get(api.modules, (ctx: Context) => {
    ctx.body = MODULES;
  });
  router.get(MODULE, (ctx: Context) => {
    const module = findModule(String(ctx.params.name));
    if (!module) throw notFound(`Module ${ctx.params.name} not found`);
    ctx.body = module;
  });
  router.get(MODULE_TASKS, (ctx: Context) => {
    if (!findModule(String(ctx.params.name))) throw notFound(`Module ${ctx.params.name} not found`);
    ctx.body = tasksOf(String(ctx.params.name));
  });
};
