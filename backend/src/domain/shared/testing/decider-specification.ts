import { type Decider, fold } from '../decider';
import type { CommandMetadata, DomainEvent } from '../event';

/**
 * Given / when / then for decider specs: the history, the command, and the events it decides
 * (or the error it refuses with). Test code only: the build leaves `testing` folders out.
 *
 *   spec.given(registered).when(verify).then([emailVerified]);
 *   spec.given().when(startSession).thenThrows(NotFoundError, 'User not found');
 *   expect(spec.given(registered, verified).state()).toMatchObject({ emailVerified: true });
 */
export interface DeciderSpecification<Command, Event extends DomainEvent, State = unknown> {
  given(...history: (Event | readonly Event[])[]): {
    when(command: Command): Decision<Event>;
    /** The state the history folds to, for a case about what the aggregate remembers. */
    state(): State;
  };
}

export interface Decision<Event extends DomainEvent> {
  then(expected: readonly Event[]): void;
  thenNothing(): void;
  thenThrows(error: new (...args: never[]) => Error, message?: string | RegExp): void;
  /** The decided events, to build a longer history or to look at them closer. */
  events(): Event[];
}

export function deciderSpecification<Command, State, Event extends DomainEvent>(
  decider: Decider<Command, State, Event>,
): DeciderSpecification<Command, Event, State> {
  return {
    given: (...history) => ({
      state: () => fold(decider, history.flat() as Event[]),
      when: (command) => {
        const decide = () => decider.decide(command, fold(decider, history.flat() as Event[]));
        return {
          then: (expected) => expect(decide()).toEqual(expected),
          thenNothing: () => expect(decide()).toEqual([]),
          thenThrows: (error, message) => {
            expect(decide).toThrow(error);
            if (message !== undefined) expect(decide).toThrow(message);
          },
          events: decide,
        };
      },
    }),
  };
}

/** The metadata a command is decided with, at a given time. */
export function metadataAt(now: Date | string): CommandMetadata {
  return {
    actor: { type: 'system', id: 'spec' },
    now: typeof now === 'string' ? new Date(now) : now,
    correlationId: 'spec',
    causationId: 'spec',
  };
}
