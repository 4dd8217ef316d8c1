
export interface CommandMetadata {
  readonly now: Date;
  readonly userId: number | null;
  readonly correlationId: string;
}

export interface Command<Type extends string = string, Data = unknown> {
  readonly type: Type;
  readonly data: Data;
  readonly metadata: CommandMetadata;
}

/** A stored event as the store hands it back: its data not yet read through a schema. */
export interface StoredEvent {
  readonly type: string;
  readonly data: unknown;
}

/** What folding a stream needs: the state before any event, and how an event changes it. */
export interface Evolver<State, Event> {
  initialState(): State;
  evolve(state: State, event: Event): State;
  /** Reads a stored event through the contract's schema; null when it is not one of Event. */
  decode(event: StoredEvent): Event | null;
}

/** The whole decider contract (emmett): pure functions, no I/O. */
export interface Decider<State, Cmd extends Command, Event> extends Evolver<State, Event> {
  decide(command: Cmd, state: State): Event | Event[];
}

/** The decision as a list, whatever `decide` returned. */
export const decideAll = <State, Cmd extends Command, Event>(
  decider: Decider<State, Cmd, Event>,
  command: Cmd,
  state: State,
): Event[] => {
  const decided = decider.decide(command, state);
  return Array.isArray(decided) ? decided : [decided];
};

export const evolveAll = <State, Event>(
  evolver: Evolver<State, Event>,
  state: State,
  events: readonly Event[],
): State => events.reduce((s, e) => evolver.evolve(s, e), state);

/** Folds stored events, each read through the evolver's schema. */
export const foldStored = <State, Event>(
  evolver: Evolver<State, Event>,
  events: readonly StoredEvent[],
  state: State = evolver.initialState(),
): State =>
  events.reduce((s, stored) => {
    const event = evolver.decode(stored);
    return event ? evolver.evolve(s, event) : s;
  }, state);
