import { createStore, del, entries, set } from 'idb-keyval';

import type { OutboxEntry, OutboxStore } from '@/lib/outbox';

/** The outbox in IndexedDB: kept across reloads and the app being closed, per origin. */
export const indexedDbOutboxStore = (name = 'erp-outbox'): OutboxStore => {
  const store = createStore(name, 'commands');
  return {
    all: async () => (await entries<string, OutboxEntry>(store)).map(([, entry]) => entry),
    put: (entry) => set(entry.id, entry, store),
    remove: (id) => del(id, store),
  };
};
