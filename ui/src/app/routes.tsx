import { routes } from '@erp/contracts/shell';
import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { Route, Routes, useParams } from 'react-router-dom';

import { Spinner } from '@/components/spinner';
import { RequireAuth } from '@/features/auth/require-auth';
import { apiClient } from '@/lib/api-client';
import { type Deferred, deferred, whenIdle } from '@/lib/deferred';
import { screenKey, startupReads } from '@/lib/startup-reads';

type Screen = Deferred<object>;
const screen = (load: () => Promise<ComponentType>): Screen => deferred(load);

const LoginScreen = screen(() => import('@/features/auth/login.screen').then((m) => m.LoginScreen));
const HomeScreen = screen(() => import('@/features/home/home.screen').then((m) => m.HomeScreen));
const ModuleRoute = screen(() => import('@/app/module.route').then((m) => m.ModuleRoute));
const SettingsScreen = screen(() => import('@/features/settings/settings.screen').then((m) => m.SettingsScreen));
const AccountScreen = screen(() => import('@/features/settings/account.screen').then((m) => m.AccountScreen));
const ActivityScreen = screen(() => import('@/features/settings/activity.screen').then((m) => m.ActivityScreen));
const UsersScreen = screen(() => import('@/features/settings/users.screen').then((m) => m.UsersScreen));
const WebhooksScreen = screen(() => import('@/features/settings/webhooks.screen').then((m) => m.WebhooksScreen));
const ApiKeysScreen = screen(() => import('@/features/settings/api-keys.screen').then((m) => m.ApiKeysScreen));
const PrintScreen = screen(() => import('@/features/print/print.screen').then((m) => m.PrintScreen));
const PartyScreen = screen(() => import('@/features/parties/party.screen').then((m) => m.PartyScreen));
const EDocumentsScreen = screen(() => import('@/features/e-documents/e-documents.screen').then((m) => m.EDocumentsScreen));
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
  'hr/payroll': screen(() => import('@/features/hr/payroll/payroll.screen').then((m) => m.PayrollScreen)),
  'hr/payroll-register': screen(() => import('@/features/hr/payroll/payroll-register.screen').then((m) => m.PayrollRegisterScreen)),
  'crm/leads': screen(() => import('@/features/crm/leads/leads.screen').then((m) => m.LeadsScreen)),
  'crm/follow-ups': screen(() => import('@/features/crm/follow-ups/follow-ups.screen').then((m) => m.FollowUpsScreen)),
  'sales/invoices': screen(() => import('@/features/sales/invoices/invoices.screen').then((m) => m.SalesInvoicesScreen)),
  'sales/receipts': screen(() => import('@/features/sales/receipts/receipts.screen').then((m) => m.ReceiptsScreen)),
  'purchase/payments': screen(() => import('@/features/purchase/payments/payments.screen').then((m) => m.PaymentsScreen)),
  'sales/credit-notes': screen(() => import('@/features/sales/credit-notes/credit-notes.screen').then((m) => m.CreditNotesScreen)),
  'sales/estimates': screen(() => import('@/features/sales/estimates/estimates.screen').then((m) => m.EstimatesScreen)),
  'sales/sale-orders': screen(() => import('@/features/sales/sale-orders/sale-orders.screen').then((m) => m.SaleOrdersScreen)),
  'sales/delivery-challans': screen(() => import('@/features/sales/delivery-challans/delivery-challans.screen').then((m) => m.DeliveryChallansScreen)),
  'purchase/purchase-orders': screen(() => import('@/features/purchase/purchase-orders/purchase-orders.screen').then((m) => m.PurchaseOrdersScreen)),
  'purchase/debit-notes': screen(() => import('@/features/purchase/debit-notes/debit-notes.screen').then((m) => m.DebitNotesScreen)),
  'sales/refunds': screen(() => import('@/features/sales/refunds/refunds.screen').then((m) => m.RefundsScreen)),
  'purchase/refunds': screen(() => import('@/features/purchase/refunds/refunds.screen').then((m) => m.VendorRefundsScreen)),
  'purchase/expenses': screen(() => import('@/features/purchase/expenses/expenses.screen').then((m) => m.ExpensesScreen)),
  'purchase/expense-payments': screen(() => import('@/features/purchase/expense-payments/expense-payments.screen').then((m) => m.ExpensePaymentsScreen)),
  'accounting/ledgers': screen(() => import('@/features/books/ledgers.screen').then((m) => m.LedgersScreen)),
  'accounting/chart-of-accounts': screen(() => import('@/features/books/chart/chart-of-accounts.screen').then((m) => m.ChartOfAccountsScreen)),
  'accounting/day-book': screen(() => import('@/features/books/day-book.screen').then((m) => m.DayBookScreen)),
  'accounting/opening-balances': screen(() => import('@/features/books/openings/opening-balances.screen').then((m) => m.OpeningBalancesScreen)),
  'accounting/journal-vouchers': screen(() => import('@/features/books/journal-vouchers.screen').then((m) => m.JournalVouchersScreen)),
  'accounting/trial-balance': screen(() => import('@/features/books/trial-balance.screen').then((m) => m.TrialBalanceScreen)),
  'payments/cash-book': screen(() => import('@/features/books/cash-book.screen').then((m) => m.CashBookScreen)),
  'banking/bank-book': screen(() => import('@/features/books/bank-book.screen').then((m) => m.BankBookScreen)),
  'banking/bank-reconciliation': screen(() => import('@/features/books/bank-reconciliation/bank-reconciliation.screen').then((m) => m.BankReconciliationScreen)),
  'reports/profit-and-loss': screen(() => import('@/features/books/profit-and-loss.screen').then((m) => m.ProfitAndLossScreen)),
  'reports/balance-sheet': screen(() => import('@/features/books/balance-sheet.screen').then((m) => m.BalanceSheetScreen)),
  'reports/statements': screen(() => import('@/features/books/statements.screen').then((m) => m.StatementsScreen)),
  'reports/sales-register': screen(() => import('@/features/books/sales-register.screen').then((m) => m.SalesRegisterScreen)),
  'reports/purchase-register': screen(() => import('@/features/books/purchase-register.screen').then((m) => m.PurchaseRegisterScreen)),
  'reports/ageing': screen(() => import('@/features/books/ageing.screen').then((m) => m.AgeingScreen)),
  'reports/debtors-and-creditors': screen(() => import('@/features/books/party-balances.screen').then((m) => m.PartyBalancesScreen)),
  'reports/gst-returns': screen(() => import('@/features/books/gst-returns.screen').then((m) => m.GstReturnsScreen)),
  'reports/match-gstr-2b': screen(() => import('@/features/gst/gstr2b.screen').then((m) => m.Gstr2bScreen)),
  'reports/gstr-3b': screen(() => import('@/features/books/gstr3b.screen').then((m) => m.Gstr3bScreen)),
  'reports/gst-tie-out': screen(() => import('@/features/books/gst-tie-out.screen').then((m) => m.GstTieOutScreen)),
  'reports/filed-returns': screen(() => import('@/features/gst/filed-returns.screen').then((m) => m.FiledReturnsScreen)),
};

/** When the browser is idle, fetch the code of the screens of a module: the next likely taps. */
export function prefetchModuleScreens(moduleName: string) {
  whenIdle(() => {
    for (const [task, Screen] of Object.entries(TASK_SCREENS)) if (task.startsWith(`${moduleName}/`)) void Screen.preload();
  });
}

/**
 * On a full page load (SEED-SPEC §2: tasks open with one), fetch the opened screen's code and
 * take over the reads index.html started (startup-reads) instead of one after the other once
 * each has mounted.
 */
export function preloadFor(pathname: string) {
  const key = screenKey(pathname);
  const built = !key.includes('/') || key in TASK_SCREENS;
  for (const path of startupReads(built ? key : '')) apiClient.preload(path);
  if (key === 'home') void HomeScreen.preload();
  else if (key === 'login') void LoginScreen.preload();
  else void TASK_SCREENS[key]?.preload();
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
          <Route path={routes.settings} element={<SettingsScreen />} />
          <Route path={routes.account} element={<AccountScreen />} />
          <Route path={routes.users} element={<UsersScreen />} />
          <Route path={routes.activity} element={<ActivityScreen />} />
          <Route path={routes.webhooks} element={<WebhooksScreen />} />
          <Route path={routes.apiKeys} element={<ApiKeysScreen />} />
          <Route path={routes.print(':stream', ':id')} element={<PrintScreen />} />
          <Route path={routes.eDocuments(':stream', ':id')} element={<EDocumentsScreen />} />
          <Route path={routes.party(':party')} element={<PartyScreen />} />
          <Route path={routes.task(':moduleName', ':slug')} element={<TaskRoute />} />
          <Route path="*" element={<NotFoundScreen />} />
        </Route>
      </Routes>
    </Suspense>
  );
}
