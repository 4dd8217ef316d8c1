import { expect } from 'vitest';

import type { Command, Decider } from '../shared/decider';

/**
 * given(events).when(command).then(events) — emmett's DeciderSpecification, in 40 lines.
 * `thenThrows` takes a predicate on the error; `thenNothingHappened` expects []; `thenMatches` checks part of them.
 */
export const DeciderSpecification = {
  for: <State, Cmd extends Command, Event>(decider: Decider<State, Cmd, Event>) => ({
    given: (events: Event[]) => ({
      when: (command: Cmd) => {
        const run = () => {
          const state = events.reduce(decider.evolve, decider.initialState());
          const result = decider.decide(command, state);
          return Array.isArray(result) ? result : [result];
        };
        return {
          then: (expected: Event[]) => expect(run()).toEqual(expected),
          thenNothingHappened: () => expect(run()).toEqual([]),
          /** The events decided, for checks on part of them (a line's trait, not the whole event). */
          thenMatches: (check: (events: Event[]) => void) => check(run()),
          thenThrows: (check: (error: unknown) => boolean) => {
            let thrown: unknown;
            try {
              run();
            } catch (error) {
              thrown = error;
            }
            expect(thrown, 'the decision should have thrown').toBeDefined();
            expect(check(thrown), `unexpected error: ${String(thrown)}`).toBe(true);
          },
        };
      },
    }),
  }),
};
