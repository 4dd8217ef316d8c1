import { useCallback, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/** What a new record's form starts with when another screen opens it (a receipt for an invoice). */
export interface Prefill {
  readonly values: Readonly<Record<string, string>>;
  /** Lines filled in and saved. */
  readonly lines: readonly Readonly<Record<string, string>>[];
}

/** What a list screen shows instead of its list: a new record's form, a record's form, its details. */
export type ScreenView =
  | { readonly kind: 'new'; readonly prefill?: Prefill }
  | { readonly kind: 'edit'; readonly id: number }
  | { readonly kind: 'details'; readonly id: number };

const KEY = 'erpView';

/** Where to go to open another list screen's new form, filled in. */
export const openNew = (pathname: string, prefill: Prefill) => ({ pathname, state: { [KEY]: { kind: 'new', prefill } satisfies ScreenView } });
/** Where to go to open one record's form on another list screen (a converted lead's customer). */
export const openRecord = (pathname: string, id: number, kind: 'edit' | 'details' = 'edit') => ({ pathname, state: { [KEY]: { kind, id } satisfies ScreenView } });

const texts = (value: unknown): value is Record<string, string> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every((v) => typeof v === 'string');

/** A prefill from the history's state (anything else in it is ignored). */
const prefillOf = (value: unknown): Prefill | undefined => {
  if (typeof value !== 'object' || value === null) return undefined;
  const values: unknown = Reflect.get(value, 'values');
  const lines: unknown = Reflect.get(value, 'lines');
  if (!texts(values) || !Array.isArray(lines) || !lines.every(texts)) return undefined;
  return { values, lines };
};

const viewOf = (state: unknown): ScreenView | null => {
  const view: unknown = typeof state === 'object' && state !== null ? Reflect.get(state, KEY) : null;
  if (typeof view !== 'object' || view === null) return null;
  const kind: unknown = Reflect.get(view, 'kind');
  const id: unknown = Reflect.get(view, 'id');
  if (kind === 'new') {
    const prefill = prefillOf(Reflect.get(view, 'prefill'));
    return prefill ? { kind, prefill } : { kind };
  }
  if ((kind === 'edit' || kind === 'details') && typeof id === 'number' && Number.isInteger(id) && id > 0) return { kind, id };
  return null;
};

const sameView = (a: ScreenView | null, b: ScreenView | null) =>
  a === b || (a !== null && b !== null && a.kind === b.kind && ('id' in a ? a.id : 0) === ('id' in b ? b.id : 0));

/**
 * The view of a list screen, kept in the browser's history while the URL stays the seed's: opening
 * a form or details pushes an entry, so a phone's Back closes it and a reload opens it again. A form
 * with changes is not closed by Back at once: it stays, and `leaving` says the person is to be asked
 * (keep editing puts the entry back; discard lets it go).
 */
export function useScreenView() {
  const location = useLocation();
  const navigate = useNavigate();
  const inHistory = viewOf(location.state);
  // A form with changes that Back tried to close, kept on screen while the person decides. Decided
  // while rendering (not in an effect), so the form is never unmounted in between.
  const [held, setHeld] = useState<ScreenView | null>(null);
  const [last, setLast] = useState<ScreenView | null>(inHistory);
  const [dirty, setDirty] = useState(false);
  if (!sameView(last, inHistory)) {
    setLast(inHistory);
    if (!inHistory && last && last.kind !== 'details' && dirty) setHeld(last);
    else if (inHistory) setHeld(null);
  }
  const { pathname, search } = location;
  const push = useCallback((view: ScreenView) => navigate({ pathname, search }, { state: { [KEY]: view } }), [navigate, pathname, search]);
  const open = useCallback(
    (view: ScreenView) => {
      setDirty(false);
      push(view);
    },
    [push],
  );
  return {
    view: held ?? inHistory,
    /** Back was pressed on a form with changes: ask before it closes. */
    leaving: held !== null,
    open,
    /** Closes the view (saved, or cancelled): back to the list's history entry. */
    close: () => {
      setDirty(false);
      setHeld(null);
      if (inHistory) navigate(-1);
    },
    /** The person keeps editing after Back: the form's history entry is put back. */
    stay: () => {
      // The form stays held until its entry is back in the history (navigation is a transition:
      // clearing it now would show the list for a moment and remount the form).
      if (held) push(held);
    },
    /** The person lets the form go after Back. */
    leave: () => {
      setDirty(false);
      setHeld(null);
    },
    /** The open form reports whether it has changes not saved. */
    setDirty,
  };
}
