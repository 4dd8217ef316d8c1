import { creditsPath, PartyCreditsSchema } from '@erp/contracts';
import { useQuery } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';

/** Every party's credits: what a write of a note, a receipt, a payment or a refund invalidates. */
export const CREDITS_KEY = ['credits'] as const;

/** A party's credits (GET …/{id}/credits): notes' unapplied credit and advances; off until a party is chosen. */
export const usePartyCredits = (partyPath: string, partyId: number) =>
  useQuery({
    queryKey: [...CREDITS_KEY, partyPath, partyId],
    queryFn: async () => PartyCreditsSchema.parse(await apiClient.get(creditsPath(partyPath, partyId))),
    enabled: partyId > 0,
  });
