/** Business constants of SEED-SPEC §9. */
export const PAYMENT_METHODS = [
  { value: 'cash', label: 'Cash' },
  { value: 'cheque', label: 'Cheque' },
  { value: 'bank_transfer', label: 'Bank Transfer' },
  { value: 'upi', label: 'UPI' },
  { value: 'card', label: 'Card' },
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]['value'];

/** The seed's units (SEED-SPEC §9), then common ones a shop uses, named by their GST unit code. */
export const UNITS = ['PC', 'KG', 'GM', 'LTR', 'MTR', 'SQM', 'SQF', 'PKT', 'BOX', 'SET', 'NOS', 'BAG', 'DOZ', 'BTL', 'ROL', 'TON', 'QTL', 'PRS', 'CTN', 'MLT'] as const;
export type Unit = (typeof UNITS)[number];

/** Whether a string is one of a list of literals (a unit, a colour), narrowing it to them. */
export const isOneOf = <T extends string>(values: readonly T[], value: string): value is T => values.some((v) => v === value);

/**
 * The GST unit quantity code (UQC) of each unit, as GSTR-1's HSN summary and e-invoices name it.
 * The seed's own codes map to their UQC (PC → PCS, KG → KGS, PKT → PAC); the rest are UQCs.
 */
export const UQC: Readonly<Record<Unit, string>> = {
  PC: 'PCS', KG: 'KGS', GM: 'GMS', LTR: 'LTR', MTR: 'MTR', SQM: 'SQM', SQF: 'SQF', PKT: 'PAC', BOX: 'BOX', SET: 'SET',
  NOS: 'NOS', BAG: 'BAG', DOZ: 'DOZ', BTL: 'BTL', ROL: 'ROL', TON: 'TON', QTL: 'QTL', PRS: 'PRS', CTN: 'CTN', MLT: 'MLT',
};
/** The UQC of a unit ('OTH' for one without). */
export const uqcOf = (unit: string | null | undefined): string => (unit && isOneOf(UNITS, unit) ? UQC[unit] : 'OTH');

export const ADJUSTMENT_TYPES = ['increase', 'decrease'] as const;
export const ADJUSTMENT_REASONS = {
  increase: [
    'Purchase',
    'Return from Customer',
    'Production',
    'Opening Stock',
    'Stock Count Correction',
    'Transfer In',
    'Other',
  ],
  decrease: [
    'Sale',
    'Return to Vendor',
    'Damaged',
    'Expired',
    'Lost',
    'Transfer Out',
    'Stock Count Correction',
    'Other',
  ],
} as const;

export const LEAD_SOURCES = [
  'Website',
  'Referral',
  'Social Media',
  'Cold Call',
  'Email Campaign',
  'Trade Show',
  'Advertisement',
] as const;
export const LEAD_STATUSES = [
  'new',
  'contacted',
  'qualified',
  'proposal',
  'negotiation',
  'closed',
  'lost',
] as const;

export const DEFAULT_TAX_RATE = '18';
export const DEFAULT_REORDER_LEVEL = 10;
export const DEFAULT_LINE_QUANTITY = '1';

export const STEPS = {
  lineQuantity: '0.001',
  lineRate: '0.01',
  money: '0.01',
  adjustmentQuantity: '0.01',
} as const;

export const INT32_MAX = 2_147_483_647;

export const QUERY_CACHE = {
  staleTimeMs: 5 * 60 * 1000,
  gcTimeMs: 10 * 60 * 1000,
  retry: false,
  refetchOnWindowFocus: false,
} as const;

export const TOAST = {
  limit: 1,
  removeDelayMs: 1_000_000,
  durationMs: 5000,
  swipeThreshold: 50,
  hotkey: 'F8',
} as const;

export const LAYOUT = {
  moduleGridColumns: 2,
  taskGridColumns: 1,
  staggerSeconds: 0.1,
} as const;

export const MODULE_COLORS = [
  'blue',
  'green',
  'purple',
  'orange',
  'pink',
  'indigo',
  'teal',
  'yellow',
] as const;
export type ModuleColor = (typeof MODULE_COLORS)[number];

export const ICON_NAMES = [
  'ShoppingCart', 'TrendingUp', 'Calculator', 'Package', 'Users', 'Handshake', 'BarChart3',
  'Building2', 'Truck', 'FileText', 'CreditCard', 'Receipt', 'Banknote', 'Book', 'Edit3', 'Scale',
  'Box', 'ArrowLeftRight', 'PieChart', 'UserCheck', 'Wallet', 'FolderOpen', 'UserPlus', 'Phone',
  'Megaphone', 'ClipboardList', 'LineChart', 'Waves', 'Upload', 'CheckCheck', 'Coins',
] as const;
export type IconName = (typeof ICON_NAMES)[number];

/** Unknown colours fall back to blue, unknown icons to Package (SEED-SPEC §3). */
export const colorOrDefault = (color: string): ModuleColor => (isOneOf(MODULE_COLORS, color) ? color : 'blue');
export const iconOrDefault = (icon: string): IconName => (isOneOf(ICON_NAMES, icon) ? icon : 'Package');
