import { PAYMENT_METHODS } from '@erp/contracts';

/** A payment method as the screens show it: 'bank_transfer' → 'Bank Transfer' (SEED-SPEC §9). */
export const methodLabel = (method: string) => PAYMENT_METHODS.find((m) => m.value === method)?.label ?? method;
