import { byId, type Lead, LeadConversionSchema, leadConvertPath, leadsEntity } from '@erp/contracts';
import { useMutation } from '@tanstack/react-query';
import { useCallback } from 'react';

import { leadsResource } from '@/features/crm/leads/leads.resource';
import { customersResource } from '@/features/sales/customers/customers.resource';
import { apiClient } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { toast } from '@/lib/toast-store';

/** 'Convert to Customer' on a lead's card: the customer is made on the server; leads and customers reload. */
export function useConvertLead() {
  const refreshLeads = leadsResource.useRefresh();
  const refreshCustomers = customersResource.useRefresh();
  const { mutateAsync } = useMutation({
    mutationFn: async (id: number) => LeadConversionSchema.parse(await apiClient.post(leadConvertPath(byId(leadsEntity.path, id)), {})),
    onSuccess: () => Promise.all([refreshLeads(), refreshCustomers()]),
  });
  return useCallback(
    async (lead: Lead) => {
      try {
        const { customer } = await mutateAsync(lead.id);
        toast({ title: 'Success', description: `Lead converted: ${customer.name} is now a customer` });
      } catch (error) {
        toast({ title: 'Error', description: `Failed to convert lead: ${errorText(error)}`, variant: 'destructive' });
      }
    },
    [mutateAsync],
  );
}
