import { type QueryClient, useQueryClient } from '@tanstack/react-query';

import { purchaseInvoicesResource } from '@/features/purchase/invoices/invoices.resource';
import { vendorPaymentsResource } from '@/features/purchase/payments/payments.resource';
import { vendorsResource } from '@/features/purchase/vendors/vendors.resource';
import type { Resource } from '@/lib/resource';

type Prefetch = (queryClient: QueryClient) => Promise<void>;

const warm = <TRecord extends { id: number }, TBody>(resource: Resource<TRecord, TBody>): { pages: Prefetch; list: Prefetch } => ({
  pages: (queryClient) => queryClient.prefetchInfiniteQuery(resource.pagesOptions()),
  list: (queryClient) => queryClient.prefetchQuery(resource.listOptions()),
});

/** Resources whose lists hovering a task may warm, by 'module/entity'. One line per resource. */
const RESOURCES: Record<string, ReturnType<typeof warm>> = {
  'purchase/vendors': warm(vendorsResource),
  'purchase/invoices': warm(purchaseInvoicesResource),
  'purchase/payments': warm(vendorPaymentsResource),
};

/** What a task's screen reads besides its own list (names, selects), by 'module/slug'. */
const ALSO: Record<string, readonly string[]> = {
  'purchase/invoices': ['purchase/vendors'],
  'purchase/payments': ['purchase/vendors', 'purchase/invoices'],
};

/**
 * Hovering a task (SEED-SPEC module landing) fetches the first page of its list, as the list
 * screen asks for it, and the whole lists its forms and cards look names up in.
 */
export function usePrefetchTask() {
  const queryClient = useQueryClient();
  return (moduleName: string, slug: string) => {
    void RESOURCES[`${moduleName}/${slug}`]?.pages(queryClient);
    for (const name of ALSO[`${moduleName}/${slug}`] ?? []) void RESOURCES[name]?.list(queryClient);
  };
}
