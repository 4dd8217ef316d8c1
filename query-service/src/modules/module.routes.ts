import { api, findModule, MODULES, notFound, tasksOf } from '@erp/contracts';
import type Router from '@koa/router';
import type { Context } from 'koa';

/** The module catalogue is product configuration from contracts, not tenant data. */
export const moduleRoutes = (router: Router) => {
  router.get(api.modules, (ctx: Context) => {
    ctx.body = MODULES;
  });
  router.get(api.module(':name'), (ctx: Context) => {
    const module = findModule(String(ctx.params.name));
    if (!module) throw notFound(`Module ${ctx.params.name} not found`);
    ctx.body = module;
  });
  router.get(api.moduleTasks(':name'), (ctx: Context) => {
    if (!findModule(String(ctx.params.name))) throw notFound(`Module ${ctx.params.name} not found`);
    ctx.body = tasksOf(String(ctx.params.name));
  });
};
