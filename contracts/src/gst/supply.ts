import type { Business } from '../settings/business';
import { stateOfGstin } from './states';
import type { TaxRegime } from './tax';

/** Whether this business charges GST on what it sells: registered (a GSTIN), and not composition. */
export const chargesGst = (business: Pick<Business, 'gstin' | 'taxpayerType'> | null) =>
  business !== null && business.gstin !== null && business.taxpayerType === 'regular';

/** Which side of a sale the business is on: selling (output tax) or buying (input tax). */
export type Side = 'sales' | 'purchase';

export interface Supply {
  readonly regime: TaxRegime;
  /** The state code of the place of supply. */
  readonly placeOfSupply: string;
}

/**
 * Where a supply takes place and how it is taxed (IGST Act s.10; india-compliance's
 * get_place_of_supply and is_inter_state):
 * - a sale: the customer's GSTIN state, else the state recorded for an unregistered customer,
 *   else the business's own state; CGST + SGST when that is the business's state, IGST when not;
 *   no tax at all when the business does not charge GST (no GSTIN, or composition: a bill of supply);
 * - a purchase: the place of supply is the business's state; the vendor's state (its GSTIN's, or
 *   the one recorded) against it decides CGST + SGST or IGST; an unregistered vendor charges no tax
 *   unless the bill is on reverse charge.
 * Null when the business has not said where it is (its profile is not set).
 */
export const supplyOf = (
  side: Side,
  business: Pick<Business, 'state' | 'gstin' | 'taxpayerType'> | null,
  partyGstin: string | null,
  recordedState: string | null,
  reverseCharge = false,
): Supply | null => {
  if (!business) return null;
  const home = business.state;
  const partyState = stateOfGstin(partyGstin) ?? recordedState ?? home;
  if (side === 'sales') {
    return { regime: !chargesGst(business) ? 'none' : partyState === home ? 'intra' : 'inter', placeOfSupply: partyState };
  }
  if (partyGstin === null && !reverseCharge) return { regime: 'none', placeOfSupply: home };
  return { regime: partyState === home ? 'intra' : 'inter', placeOfSupply: home };
};
