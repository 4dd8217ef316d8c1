import { routes } from '@erp/contracts';
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Route, Routes, useParams } from 'react-router-dom';

import { Spinner } from '@/components/spinner';
import { RequireAuth } from '@/features/auth/require-auth';

const LoginScreen = lazy(() =>
  import('@/features/auth/login.screen').then((m) => ({ default: m.LoginScreen })),
);
const HomeScreen = lazy(() =>
  import('@/features/home/home.screen').then((m) => ({ default: m.HomeScreen })),
);
const ModuleRoute = lazy(() =>
  import('@/app/module.route').then((m) => ({ default: m.ModuleRoute })),
);
const ComingSoonScreen = lazy(() =>
  import('@/features/modules/coming-soon.screen').then((m) => ({ default: m.ComingSoonScreen })),
);
const NotFoundScreen = lazy(() =>
  import('@/app/not-found.screen').then((m) => ({ default: m.NotFoundScreen })),
);

/** Built task screens by 'module/slug'; the next entity adds one line here. */
const TASK_SCREENS: Record<string, LazyExoticComponent<ComponentType>> = {
  'purchase/vendors': lazy(() =>
    import('@/features/purchase/vendors/vendors.screen').then((m) => ({ default: m.VendorsScreen })),
  ),
  'purchase/invoices': lazy(() =>
    import('@/features/purchase/invoices/invoices.screen').then((m) => ({ default: m.PurchaseInvoicesScreen })),
  ),
  'sales/customers': lazy(() =>
    import('@/features/sales/customers/customers.screen').then((m) => ({ default: m.CustomersScreen })),
  ),
  'inventory/items': lazy(() =>
    import('@/features/inventory/items/items.screen').then((m) => ({ default: m.ItemsScreen })),
  ),
  'inventory/stock-adjustments': lazy(() =>
    import('@/features/inventory/stock-adjustments/stock-adjustments.screen').then((m) => ({ default: m.StockAdjustmentsScreen })),
  ),
  'inventory/inventory': lazy(() =>
    import('@/features/inventory/report/inventory-report.screen').then((m) => ({ default: m.InventoryReportScreen })),
  ),
  'hr/employees': lazy(() =>
    import('@/features/hr/employees/employees.screen').then((m) => ({ default: m.EmployeesScreen })),
  ),
  'crm/leads': lazy(() =>
    import('@/features/crm/leads/leads.screen').then((m) => ({ default: m.LeadsScreen })),
  ),
  'sales/invoices': lazy(() =>
    import('@/features/sales/invoices/invoices.screen').then((m) => ({ default: m.SalesInvoicesScreen })),
  ),
  'sales/receipts': lazy(() =>
    import('@/features/sales/receipts/receipts.screen').then((m) => ({ default: m.ReceiptsScreen })),
  ),
  'purchase/payments': lazy(() =>
    import('@/features/purchase/payments/payments.screen').then((m) => ({ default: m.PaymentsScreen })),
  ),
};

function TaskRoute() {
  const { moduleName = '', slug = '' } = useParams();
  const Screen = TASK_SCREENS[`${moduleName}/${slug}`];
  return Screen ? <Screen /> : <ComingSoonScreen notFound={<NotFoundScreen />} />;
}

/** The route table of SEED-SPEC §2, behind setup/login; each screen is its own chunk. */
export function AppRoutes() {
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
