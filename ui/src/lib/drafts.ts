import { isRecord } from '@erp/contracts/shell';

/** What a line holds as typed (inputs hold text). */
type LineValues = Record<string, string>;

/**
 * Drafts: what a form had typed in, kept in the browser (localStorage) until it is saved or
 * discarded, so a reload, a closed tab or a phone's Back loses nothing. Forgotten at sign-out.
 */
const PREFIX = 'erp.draft:';

/** What a form had typed in, kept in the browser until it is saved or discarded. */
export interface Draft {
  readonly at: string;
  readonly values: Record<string, unknown>;
  readonly lines: readonly { readonly values: LineValues; readonly saved: boolean }[];
}

/** One key per form: the screen's list and the record (or `new`). */
export const draftKey = (path: string, id: number | null) => `${PREFIX}${path}:${id ?? 'new'}`;

const storage = (): Storage | null => {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
};

const isLine = (line: unknown): line is Draft['lines'][number] =>
  typeof line === 'object' && line !== null && typeof Reflect.get(line, 'saved') === 'boolean' && typeof Reflect.get(line, 'values') === 'object';

export const readDraft = (key: string): Draft | null => {
  try {
    const raw: unknown = JSON.parse(storage()?.getItem(key) ?? 'null');
    if (typeof raw !== 'object' || raw === null) return null;
    const at: unknown = Reflect.get(raw, 'at');
    const values: unknown = Reflect.get(raw, 'values');
    const lines: unknown = Reflect.get(raw, 'lines');
    if (typeof at !== 'string' || !isRecord(values) || !Array.isArray(lines) || !lines.every(isLine)) return null;
    return { at, values, lines };
  } catch {
    return null;
  }
};

export const writeDraft = (key: string, draft: Draft) => {
  try {
    storage()?.setItem(key, JSON.stringify(draft));
  } catch {
    // A full storage keeps no draft: the form itself is still on screen.
  }
};

export const clearDraft = (key: string) => {
  try {
    storage()?.removeItem(key);
  } catch {
    // Nothing kept, nothing to clear.
  }
};

/** Signing out forgets every draft (a shop's phone may change hands). */
export const clearAllDrafts = () => {
  const store = storage();
  if (!store) return;
  for (const key of Object.keys(store)) if (key.startsWith(PREFIX)) store.removeItem(key);
};
