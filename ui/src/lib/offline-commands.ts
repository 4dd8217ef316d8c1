/**
 * What may be done offline, decided per command (issue 47): kept in the outbox on the device and
 * sent when the network is back. Anything else needs the network and says so (a settings
 * change, a user, a return's filing, a void: what others must see at once, or what the server
 * must decide then). Plain paths, not the contracts' entities: the API client is in the shell.
 */
export interface OfflineCommand {
  readonly method: 'POST' | 'PUT';
  /** The collection; `:id` for one record. */
  readonly path: string;
  /** What it is, in the words of the indicator and the README's table. */
  readonly what: string;
}

export const OFFLINE_COMMANDS: readonly OfflineCommand[] = [
  { method: 'POST', path: '/api/sales/invoices', what: 'a sale (with the payment received now)' },
  { method: 'POST', path: '/api/sales/receipts', what: 'a receipt' },
  { method: 'POST', path: '/api/sales/customers', what: 'a new customer' },
  { method: 'PUT', path: '/api/sales/customers/:id', what: "a change to a customer's details" },
];

/** Said where a command needs the network. */
export const OFFLINE_SUMMARY = 'Offline you can make a sale, a receipt and a customer (new or changed); they are sent when the network is back.';

const matches = (pattern: string, path: string) => {
  const parts = pattern.split('/');
  const given = path.split('/');
  return parts.length === given.length && parts.every((part, i) => (part === ':id' ? /^[1-9][0-9]*$/.test(given[i]!) : part === given[i]));
};

/** The command as the table allows it offline, or undefined when it needs the network. */
export const offlineCommand = (method: string, path: string): OfflineCommand | undefined =>
  OFFLINE_COMMANDS.find((c) => c.method === method && matches(c.path, path));
