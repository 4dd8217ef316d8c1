import { useEffect, useMemo, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';

import { editorLine, type EditorLine } from '@/components/editor-line';
import { clearDraft, type Draft, readDraft, writeDraft } from '@/lib/drafts';

const linesOf = (lines: readonly EditorLine[]) => lines.map((l) => ({ values: l.values, saved: l.saved }));

/**
 * Keeps a form's work: whether it has changes (fields or lines), a draft of them in the browser
 * while it does (so a reload or a closed tab loses nothing), and the draft found when the form
 * opens, offered back.
 */
export function useFormDraft<TValues extends FieldValues, TBody>(args: {
  key: string;
  form: UseFormReturn<TValues, unknown, TBody>;
  values: Record<string, unknown>;
  lines: readonly EditorLine[];
  setLines: (lines: EditorLine[]) => void;
}) {
  const { key, form, values, lines, setLines } = args;
  const [initialLines] = useState(() => JSON.stringify(linesOf(lines)));
  const [offered, setOffered] = useState<Draft | null>(() => readDraft(key));
  const linesChanged = useMemo(() => JSON.stringify(linesOf(lines)) !== initialLines, [lines, initialLines]);
  const dirty = form.formState.isDirty || linesChanged;
  useEffect(() => {
    // While a draft is offered, it is kept as it was until restored or discarded.
    if (offered) return;
    const timer = setTimeout(() => {
      if (dirty) writeDraft(key, { at: new Date().toISOString(), values: form.getValues(), lines: linesOf(lines) });
      else clearDraft(key);
    }, 250);
    return () => clearTimeout(timer);
  }, [key, dirty, values, lines, offered, form]);
  return {
    dirty,
    offered,
    restore: () => {
      if (!offered) return;
      form.reset(offered.values as TValues, { keepDefaultValues: true });
      setLines(offered.lines.map((l) => editorLine(l.values, l.saved)));
      setOffered(null);
    },
    dismiss: () => {
      clearDraft(key);
      setOffered(null);
    },
    clear: () => clearDraft(key),
  };
}
