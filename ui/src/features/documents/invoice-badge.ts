/** Paid green, anything else (pending, partial) yellow (SEED-SPEC §2, DESIGN §3.5). */
export const invoiceBadge = (status: string) => ({ label: status.toUpperCase(), tone: status === 'paid' ? ('green' as const) : status === 'overdue' ? ('red' as const) : ('yellow' as const) });
