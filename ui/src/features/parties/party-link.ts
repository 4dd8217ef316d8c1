import { routes } from '@erp/contracts';
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';

import type { CardAction, CardConfig } from '@/components/entity-config';

/**
 * A party list whose cards open the party's page (balance, open documents, statement, call and
 * share) in one tap: 'View Account', for every role (it only reads). `singular` names the party
 * as the books do (`customer` → /party/customer-7).
 */
export function usePartyLink<T extends { readonly id: number }, C extends { readonly card: CardConfig<T> }>(list: C, singular: string): C {
  const navigate = useNavigate();
  return useMemo(() => {
    const more = list.card.actions;
    const actions = (party: T): readonly CardAction[] => [
      { label: 'View Account', reads: true, run: () => navigate(routes.party(`${singular}-${party.id}`)) },
      ...(more?.(party) ?? []),
    ];
    return { ...list, card: { ...list.card, actions } };
  }, [list, navigate, singular]);
}
