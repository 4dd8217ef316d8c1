import type { DomainEvent } from '@erp/contracts';

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

/** The whole decider contract (emmett): pure functions, no I/O. */
export interface Decider<State, Cmd extends Command, Event extends DomainEvent> {
  initialState(): State;
  evolve(state: State, event: Event): State;
  decide(command: Cmd, state: State): Event | Event[];
}
