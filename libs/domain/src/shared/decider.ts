/** An event as the domain sees it: a past-tense type and its JSON data. */
export interface DomainEvent<Type extends string = string, Data extends object = object> {
  readonly type: Type;
  readonly data: Data;
}

/**
 * An aggregate as three pure functions. `decide` returns the events a command produces
 * (`[]` when there is nothing to do) or throws a DomainError; `evolve` never throws.
 */
export interface Decider<Command, Event extends DomainEvent, State> {
  decide(command: Command, state: State): Event[];
  evolve(state: State, event: Event): State;
  initialState(): State;
}

/** Folds a history of events into state. */
export function foldEvents<Event extends DomainEvent, State>(
  decider: Pick<Decider<unknown, Event, State>, 'evolve' | 'initialState'>,
  events: readonly Event[],
): State {
  return events.reduce((state, event) => decider.evolve(state, event), decider.initialState());
}

/**
 * A decider bound to the naming of its streams: everything the executor needs to run a command on
 * one instance by id. Built once per aggregate, so callers pass an id and a command, nothing else.
 */
export interface Aggregate<Command, Event extends DomainEvent, State> {
  readonly decider: Decider<Command, Event, State>;
  streamName(id: string): string;
}
