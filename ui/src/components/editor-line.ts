import type { LineValues } from '@/components/entity-config';

/**
 * A line as the editor holds it: its values and whether it is saved. Apart from the editor, so
 * the form's draft keeping (in every screen's kit) does not take the editor into the kit with it.
 */
export interface EditorLine {
  key: number;
  saved: boolean;
  values: LineValues;
}

let nextKey = 1;
export const editorLine = (values: LineValues, saved: boolean): EditorLine => ({ key: nextKey++, saved, values });
