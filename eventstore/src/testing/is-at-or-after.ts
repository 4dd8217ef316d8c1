import { compareCursors, type GlobalCursor } from '../event-store';

/** True once `cursor` has reached `target` (e.g. a projection's checkpoint and the end of the log). */
export const isAtOrAfter = (cursor: GlobalCursor | undefined, target: GlobalCursor) =>
  cursor !== undefined && compareCursors(cursor, target) >= 0;
