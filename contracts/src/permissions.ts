import { api, BUSINESS_PATH, LOCKS_PATH } from './paths';

/**
 * Who may do what (issue 22, DESIGN §5 "Roles"): one table of role × permission, read by the
 * server's guard on every route and by the UI to leave out what a user cannot use. No zod here:
 * the UI's first chunk takes it (see shell.ts).
 */
export const ROLES = ['owner', 'staff', 'accountant', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

export const PERMISSIONS = ['read', 'write', 'void', 'books', 'settings', 'users', 'audit', 'self'] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** What each permission lets a user do, as the Users screen explains it. */
export const PERMISSION_LABELS: Readonly<Record<Permission, string>> = {
  read: 'See every record and report',
  write: 'Create and edit documents and master data',
  void: 'Void payments and receipts, cancel payrolls',
  books: 'Journal vouchers, the chart of accounts and GST matching',
  settings: 'Change the business profile, lock and unlock the books',
  users: 'Add users and API keys, set their roles and passwords, disable them',
  audit: 'See who did what across the business (Activity, the event feed)',
  self: 'Change their own password',
};

export const ROLE_PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = {
  owner: PERMISSIONS,
  staff: ['read', 'write', 'self'],
  accountant: ['read', 'books', 'self'],
  viewer: ['read', 'self'],
};

export const ROLE_LABELS: Readonly<Record<Role, string>> = {
  owner: 'Owner',
  staff: 'Staff',
  accountant: 'Accountant',
  viewer: 'Viewer',
};

export const ROLE_DESCRIPTIONS: Readonly<Record<Role, string>> = {
  owner: 'Everything: settings, users and voids',
  staff: 'Creates and edits documents and master data; no settings, users or voids',
  accountant: 'Books, reports, GST and journal vouchers; read-only on the rest',
  viewer: 'Read-only',
};

export const can = (role: Role | null | undefined, permission: Permission): boolean =>
  role !== null && role !== undefined && ROLE_PERMISSIONS[role].includes(permission);

/**
 * The permission a route needs, from its method and its path as the router declares it
 * (`/api/purchase/payments/:id/void`). Reads need `read`, except the activity log and the event
 * feed (`audit`); writes `write`, except voids, the business profile, the books' own records
 * (journal vouchers, ledgers) and the users.
 */
export const permissionFor = (method: string, path: string): Permission => {
  const verb = method.toUpperCase();
  if (path === api.auth.password) return 'self';
  if (path === api.users || path.startsWith(`${api.users}/`)) return 'users';
  if (path === api.apiKeys || path.startsWith(`${api.apiKeys}/`)) return 'users';
  // The raw feed is the audit trail as well: who did what in every event, users' own changes among them.
  if (path === api.activity || path.startsWith(`${api.activity}/`) || path === api.events || path.startsWith(`${api.events}/`)) return 'audit';
  // Webhooks carry the business's events out: only the owner sees or changes them.
  if (path === api.webhooks || path.startsWith(`${api.webhooks}/`)) return 'settings';
  if (verb === 'GET' || verb === 'HEAD') return 'read';
  if (path === BUSINESS_PATH) return 'settings';
  // Locking the books up to a date, and unlocking them: the owner's.
  if (path.startsWith(`${LOCKS_PATH}/`)) return 'settings';
  // Undoing what is done for good: a payment's void, a payroll's cancel (it reverses the books).
  if (path.endsWith('/void') || path.endsWith('/cancel')) return 'void';
  // GST returns and the matching of purchase credit are the books' too (issue 44).
  if (path.startsWith('/api/accounting/') || path.startsWith('/api/gst/')) return 'books';
  return 'write';
};

/** What a request made with an API key may never do, whatever its role: manage users or keys, change a password. */
export const KEY_FORBIDDEN: readonly Permission[] = ['users', 'self'];
