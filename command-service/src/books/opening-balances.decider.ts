import { type OpeningBalancesBody, type OpeningBalancesSet, OpeningBalancesSetSchema, OPENING_BALANCES_SET, validationError } from '@erp/contracts';

import type { Command, Decider } from '../shared/decider';
import { sameValue } from '../shared/same-value';

export type OpeningBalancesState = OpeningBalancesSet['data'] | null;

export type OpeningBalancesCommand = Command<'Set', { readonly body: OpeningBalancesBody; readonly booksBegin: string | null }>;

/**
 * The balance-sheet accounts' openings (issue 43; one stream, `opening-balances`): each save
 * records the whole set as of the day the books begin, or nothing when nothing changed. They
 * need that day; a later change of the day moves them to it at their next save.
 */
export const openingBalancesDecider: Decider<OpeningBalancesState, OpeningBalancesCommand, OpeningBalancesSet> = {
  initialState: () => null,
  decode: (stored) => (stored.type === OPENING_BALANCES_SET ? OpeningBalancesSetSchema.parse(stored) : null),
  evolve: (_state, event) => event.data,
  decide: (command, state) => {
    const { body, booksBegin } = command.data;
    if (!booksBegin) {
      const message = 'Set the day your books begin (Settings) before entering opening balances';
      throw validationError(message, [{ path: 'lines', message }]);
    }
    const data = { on: booksBegin, lines: body.lines };
    if (state !== null && sameValue(data, state)) return [];
    return [{ type: OPENING_BALANCES_SET, data }];
  },
};
