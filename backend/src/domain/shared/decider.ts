import type { DomainEvent } from './event';

/**
 * A decider per aggregate (Jérémie Chassaing's pattern): pure functions over plain data.
 * `decide` throws a DomainError for a command the state does not allow.
 */
export interface Decider<Command, State, Event extends DomainEvent> {
  decide(command: Command, state: State): Event[];
  evolve(state: State, event: Event): State;
  initialState: State;
  /**
   * True when `evolve` ignores the state it is given: the stream's last event alone makes the
   * state. A decision then loads only that event, so a stream toggled thousands of times (a
   * like, liked and unliked again and again) costs what a new one costs.
   */
  lastEventDecides?: true;
}

export function fold<State, Event extends DomainEvent>(
  decider: Pick<Decider<unknown, State, Event>, 'evolve' | 'initialState'>,
  events: readonly Event[],
): State {
  return events.reduce(decider.evolve, decider.initialState);
}

export function assertNever(value: never): never {
  throw new Error(`Unhandled case: ${JSON.stringify(value)}`);
}
