import { api, routes } from '@erp/contracts';
import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { Route, Routes, useParams } from 'react-router-dom';

import { Spinner } from '@/components/spinner';
import { RequireAuth } from '@/features/auth/require-auth';
import { apiClient } from '@/lib/api-client';
import { type Deferred, deferred, whenIdle } from '@/lib/deferred';
import { pagePath } from '@/lib/pages';

type Screen = Deferred<object>;
const screen = (load: () => Promise<ComponentType>): Screen => deferred(load);

const LoginScreen = screen(() => import('@/features/auth/login.screen').then((m) => m.LoginScreen));
const HomeScreen = screen(() => import('@/features/home/home.screen').then((m) => m.HomeScreen));
const ModuleRoute = screen(() => import('@/app/module.route').then((m) => m.ModuleRoute));
const ComingSoonScreen = lazy(() =>
  import('@/features/modules/coming-soon.screen').then((m) => ({ default: m.ComingSoonScreen })),
);
const NotFoundScreen = lazy(() =>
  import('@/app/not-found.screen').then((m) => ({ default: m.NotFoundScreen })),
);

/** Built task screens by 'module/slug'; the next entity adds one line here. */
const TASK_SCREENS: Record<string, Screen> = {
  'purchase/vendors': screen(() => import('@/features/purchase/vendors/vendors.screen').then((m) => m.VendorsScreen)),
  'purchase/invoices': screen(() => import('@/features/purchase/invoices/invoices.screen').then((m) => m.PurchaseInvoicesScreen)),
  'sales/customers': screen(() => import('@/features/sales/customers/customers.screen').then((m) => m.CustomersScreen)),
  'inventory/items': screen(() => import('@/features/inventory/items/items.screen').then((m) => m.ItemsScreen)),
  'inventory/stock-adjustments': screen(() => import('@/features/inventory/stock-adjustments/stock-adjustments.screen').then((m) => m.StockAdjustmentsScreen)),
  'inventory/inventory': screen(() => import('@/features/inventory/report/inventory-report.screen').then((m) => m.InventoryReportScreen)),
  'hr/employees': screen(() => import('@/features/hr/employees/employees.screen').then((m) => m.EmployeesScreen)),
  'crm/leads': screen(() => import('@/features/crm/leads/leads.screen').then((m) => m.LeadsScreen)),
  'sales/invoices': screen(() => import('@/features/sales/invoices/invoices.screen').then((m) => m.SalesInvoicesScreen)),
  'sales/receipts': screen(() => import('@/features/sales/receipts/receipts.screen').then((m) => m.ReceiptsScreen)),
  'purchase/payments': screen(() => import('@/features/purchase/payments/payments.screen').then((m) => m.PaymentsScreen)),
};

/** When the browser is idle, fetch the code of the screens of a module: the next likely taps. */
export function prefetchModuleScreens(moduleName: string) {
  whenIdle(() => {
    for (const [task, Screen] of Object.entries(TASK_SCREENS)) if (task.startsWith(`${moduleName}/`)) void Screen.preload();
  });
}

/** Screens that are not a list of /api/{module}/{slug}. */
const NOT_LISTS = new Set(['inventory/inventory']);

/**
 * On a full page load (SEED-SPEC §2: tasks open with one), start what the first screen reads at
 * once, side by side with the session check and with the screen's code, instead of one after the
 * other once each has mounted: the list's first page before the chunks, which queue behind it.
 */
export function preloadFor(pathname: string) {
  apiClient.preload(api.auth.me);
  if (pathname === routes.home) {
    apiClient.preload(api.modules);
    apiClient.preload(api.homeSummary);
    void HomeScreen.preload();
    return;
  }
  if (pathname === routes.login) {
    void LoginScreen.preload();
    return;
  }
  const match = /^\/module\/([a-z-]+)\/task\/([a-z-]+)$/.exec(pathname);
  const task = match && `${match[1]}/${match[2]}`;
  if (!task || !TASK_SCREENS[task]) return;
  if (!NOT_LISTS.has(task)) apiClient.preload(pagePath(`/api/${task}`));
  void TASK_SCREENS[task].preload();
}

function TaskRoute() {
  const { moduleName = '', slug = '' } = useParams();
  const Screen = TASK_SCREENS[`${moduleName}/${slug}`];
  return Screen ? <Screen /> : <ComingSoonScreen notFound={<NotFoundScreen />} />;
}

/** The route table of SEED-SPEC §2, behind setup/login; each screen is its own chunk. */
export function AppRoutes() {
  // From home the next tap is a module: its code is fetched while nothing else is going on.
  useEffect(() => whenIdle(() => void ModuleRoute.preload()), []);
  return (
    <Suspense fallback={<Spinner />}>
      <Routes>
        <Route path={routes.login} element={<LoginScreen />} />
        <Route element={<RequireAuth />}>
          <Route path={routes.home} element={<HomeScreen />} />
          <Route path={routes.module(':moduleName')} element={<ModuleRoute />} />
          <Route path={routes.task(':moduleName', ':slug')} element={<TaskRoute />} />
          <Route path="*" element={<NotFoundScreen />} />
        </Route>
      </Routes>
    </Suspense>
  );
}
