import { useEffect, useRef } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';

import type { LinesConfig } from '@/components/entity-config';
import { editorLine, type EditorLine } from '@/components/editor-line';

/**
 * Lines that follow the form (LinesConfig.copyFrom: a return's lines copied from its invoice):
 * when the key of the form's values changes and the lines for it have loaded, they replace the
 * lines and the form takes the values that come with them. What the form opened with (a record,
 * or a draft restored: `adopt`) is kept, not copied over.
 */
export function useCopiedLines<TRecord, TValues extends FieldValues, TBody>(args: {
  config: LinesConfig<TRecord> | undefined;
  values: Record<string, unknown>;
  opened: Record<string, unknown> | null;
  form: UseFormReturn<TValues, unknown, TBody>;
  setLines: (lines: EditorLine[]) => void;
}) {
  const { config, values, opened, form, setLines } = args;
  const copy = config?.copyFrom;
  const key = copy ? copy.key(values) : '';
  const copied = copy?.useLines(values) ?? null;
  const copiedFor = useRef(copy && opened ? copy.key(opened) : '');
  const adopting = useRef(false);
  useEffect(() => {
    if (!config || !copy || key === copiedFor.current) return;
    if (adopting.current) {
      adopting.current = false;
      copiedFor.current = key;
      return;
    }
    if (!copied) return;
    copiedFor.current = key;
    setLines(copied.lines.map((line) => editorLine({ ...config.blank, ...line }, false)));
    for (const [name, value] of Object.entries(copied.values ?? {})) form.setValue(name as never, value as never, { shouldDirty: true });
  }, [config, copy, key, copied, form, setLines]);
  /** The next change of key is what the form was given (a draft restored), not a choice to copy for. */
  return { adopt: () => (adopting.current = true) };
}
