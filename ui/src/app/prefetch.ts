import { useQueryClient, type QueryClient } from '@tanstack/react-query';

import { purchaseInvoicesResource } from '@/features/purchase/invoices/invoices.resource';
import { vendorPaymentsResource } from '@/features/purchase/payments/payments.resource';
import { vendorsResource } from '@/features/purchase/vendors/vendors.resource';

type Prefetch = (queryClient: QueryClient) => Promise<void>;

/** List prefetches of the resources the API has, by 'module/entity'. One line per resource. */
const RESOURCES: Record<string, Prefetch> = {
  'purchase/vendors': (queryClient) => queryClient.prefetchQuery(vendorsResource.listOptions()),
  'purchase/invoices': (queryClient) => queryClient.prefetchQuery(purchaseInvoicesResource.listOptions()),
  'purchase/payments': (queryClient) => queryClient.prefetchQuery(vendorPaymentsResource.listOptions()),
};

/** What hovering a task prefetches (SEED-SPEC module landing), by 'module/slug'. */
const PREFETCH: Record<string, readonly string[]> = {
  'purchase/vendors': ['purchase/vendors'],
  'purchase/invoices': ['purchase/invoices', 'purchase/vendors'],
  'purchase/payments': ['purchase/payments', 'purchase/vendors', 'purchase/invoices'],
};

/** Prefetches a task's lists; resources not built yet are skipped. */
export function usePrefetchTask() {
  const queryClient = useQueryClient();
  return (moduleName: string, slug: string) => {
    for (const name of PREFETCH[`${moduleName}/${slug}`] ?? []) {
      void RESOURCES[name]?.(queryClient);
    }
  };
}
