import { randomUUID } from 'node:crypto';
import type { DomainEvent, EventMetadata, RecordedEvent } from '../../src/domain/shared/event';
import { SqliteEventStore } from '../../src/infrastructure/event-store/sqlite-event-store';
import { ProjectionRunner } from '../../src/infrastructure/projection-runner/projection-runner';
import { EmbeddedReadStore } from '../../src/infrastructure/read-store/embedded-read-store';
import { allProjections, PROJECTIONS_VERSION } from '../../src/projections/all-projections';
import type { EventStore } from '../../src/application/ports/event-store.port';
import type { ReadStore } from '../../src/application/ports/read-store.port';
import type { Clock } from '../../src/application/shared/clock';
import { ProjectionProgress } from '../../src/application/shared/projection-progress';

/**
 * Given / when / then for use-case specs: events already on streams, a command executed by its
 * handler, and the events it appended (or the error it refuses with). Each scenario runs in a
 * world of its own: an in-memory event store, an in-memory read store kept by the real
 * projections (so reads and `settled(...)` behave as in the app) and a clock that stands still.
 * Test code only (it wires real adapters, so it lives with the tests, not in the application).
 *
 *   useCase((world) => new RatePostHandler(writes(world), new PostReads(world.readStore, world.clock)))
 *     .given('post-p1', published)
 *     .when(new RatePostCommand('u-2', 'p1', 8, 'c-1'))
 *     .then('vote-p1-u-2', [{ type: 'Rated', data: { ... } }]);
 *
 * Given events are the system's unless their `metadata` names an actor; they are stamped with the
 * clock's time. `.at(time)` moves the clock between the given events and before the command (a
 * day passes, say), so what was given stays stamped with the earlier time.
 */

/** What a handler is built from: the ports a module would inject. */
export interface UseCaseWorld {
  eventStore: EventStore;
  readStore: ReadStore;
  clock: FixedClock;
  /** Read-your-writes against the projections of this world (`StreamWrites.settled`). */
  progress: ProjectionProgress;
}

export interface Handler<Command, Answer> {
  execute(command: Command): Promise<Answer>;
}

/** An event to put on a stream before the command; metadata defaults to the system's, now. */
export type GivenEvent = DomainEvent & { metadata?: Partial<EventMetadata> };

/** An appended event as a `then` expects it: metadata is compared only when it is given. */
export type ExpectedEvent = DomainEvent & { metadata?: Partial<EventMetadata> };

export interface UseCaseSpecification<Command, Answer> {
  given(streamId: string, ...events: GivenEvent[]): UseCaseSpecification<Command, Answer>;
  /** From here on the clock reads `time`: for the events given after, and for the command. */
  at(time: Date | string): UseCaseSpecification<Command, Answer>;
  when(command: Command): UseCaseOutcome<Answer>;
}

/**
 * What the command did. The scenario runs once, at the first check; each check is a promise
 * (return or await it), so several can be made on one outcome.
 */
export interface UseCaseOutcome<Answer> {
  /** The events the command appended to this stream, in order (and that it did not fail). */
  then(streamId: string, expected: readonly ExpectedEvent[]): Promise<void>;
  /** The command appended nothing anywhere and did not fail. */
  thenNothing(): Promise<void>;
  /** The handler's answer (and that it did not fail). */
  thenAnswers(expected: Answer): Promise<void>;
  thenThrows(error: new (...args: never[]) => Error, message?: string | RegExp): Promise<void>;
  /** Everything the command did, to look at it closer. */
  outcome(): Promise<Outcome<Answer>>;
}

export interface Outcome<Answer> {
  answer?: Answer;
  error?: unknown;
  /** Every event appended while the command ran, in log order. */
  appended: RecordedEvent[];
}

/** The clock of a scenario: it answers the time it was set to, and moves only when told. */
export class FixedClock implements Clock {
  private at: Date;

  constructor(at: Date | string) {
    this.at = new Date(at);
  }

  now(): Date {
    return new Date(this.at);
  }

  set(at: Date | string): void {
    this.at = new Date(at);
  }
}

export const SPEC_NOW = '2026-03-02T09:00:00.000Z';

export const NOT_A_PROMISE =
  'A use-case outcome is not a promise: end it with then(streamId, events), thenNothing(), thenAnswers(answer) or thenThrows(Error)';

export function useCase<Command, Answer>(
  handler: (world: UseCaseWorld) => Handler<Command, Answer>,
  options: { now?: Date | string } = {},
): UseCaseSpecification<Command, Answer> {
  const specification = (history: readonly Given[]): UseCaseSpecification<Command, Answer> => ({
    given: (streamId, ...events) => specification([...history, { streamId, events }]),
    at: (time) => specification([...history, { at: time }]),
    when: (command) => {
      let run: Promise<Outcome<Answer>> | null = null;
      const outcome = () =>
        (run ??= inWorld(options.now ?? SPEC_NOW, async (world) => {
          for (const step of history) {
            if ('at' in step) {
              // What was given so far is in the read models as of the earlier time.
              await caughtUp(world);
              world.clock.set(step.at);
            } else {
              await appendGiven(
                world.eventStore,
                step.streamId,
                step.events,
                world.clock.now().toISOString(),
              );
            }
          }
          await caughtUp(world);
          const before = await world.eventStore.headPosition();
          const result: Outcome<Answer> = { appended: [] };
          try {
            result.answer = await handler(world).execute(command);
          } catch (error) {
            result.error = error;
          }
          result.appended = await world.eventStore.readAll({ after: before ?? undefined });
          return result;
        }));
      const succeeded = async () => {
        const result = await outcome();
        if ('error' in result) throw result.error;
        return result;
      };
      const thenAppended = async (streamId: string, expected: readonly ExpectedEvent[]) => {
        const { appended } = await succeeded();
        const onStream = appended.filter((event) => event.streamId === streamId);
        expect(onStream.map((event, i) => asExpected(event, expected[i]))).toEqual(
          expected.map(({ metadata, ...event }) =>
            metadata ? { ...event, metadata: expect.objectContaining(metadata) } : event,
          ),
        );
      };
      return {
        then: (streamId, expected) => {
          // Awaited or returned without a check, the outcome is taken for a promise and its
          // `then` is handed (resolve, reject): refuse at once instead of never settling.
          if (typeof streamId !== 'string') {
            (expected as unknown as (error: Error) => void)(new Error(NOT_A_PROMISE));
            return Promise.resolve();
          }
          return thenAppended(streamId, expected);
        },
        thenNothing: async () => {
          expect((await succeeded()).appended).toEqual([]);
        },
        thenAnswers: async (expected) => {
          expect((await succeeded()).answer).toEqual(expected);
        },
        thenThrows: async (error, message) => {
          const result = await outcome();
          const rethrow = () => {
            if ('error' in result) throw result.error;
          };
          expect(rethrow).toThrow(error);
          if (message !== undefined) expect(rethrow).toThrow(message);
        },
        outcome,
      };
    },
  });
  return specification([]);
}

/** A step of a scenario's history: events on a stream, or the clock moved. */
type Given = { streamId: string; events: GivenEvent[] } | { at: Date | string };

/** An appended event as `expected` looks at it: type and data, metadata only when asked. */
function asExpected(event: RecordedEvent, expected: ExpectedEvent | undefined): ExpectedEvent {
  const { type, data, metadata } = event;
  return expected?.metadata ? { type, data, metadata } : { type, data };
}

/** Runs `work` in a new world and closes it after, whatever happens. */
async function inWorld<T>(now: Date | string, work: (world: UseCaseWorld) => Promise<T>) {
  const clock = new FixedClock(now);
  const eventStore = new SqliteEventStore(':memory:');
  const readStore = new EmbeddedReadStore(':memory:', () => clock.now().getTime());
  const runner = new ProjectionRunner(eventStore, readStore, allProjections, {
    version: PROJECTIONS_VERSION,
    logger: { log: () => undefined, warn: () => undefined, error: console.error },
  });
  try {
    await runner.start();
    const progress = new ProjectionProgress(() => runner, readStore);
    return await work({ eventStore, readStore, clock, progress });
  } finally {
    await runner.stop();
    await eventStore.close();
    await readStore.close();
  }
}

/**
 * Appends `events` to `streamId` as the system's, at `at` unless their metadata says otherwise:
 * the history a use-case or API specification is given.
 */
export async function appendGiven(
  eventStore: EventStore,
  streamId: string,
  events: readonly { type: string; data: unknown; metadata?: Partial<EventMetadata> }[],
  at: string,
): Promise<void> {
  await eventStore.appendToStream(
    streamId,
    events.map(({ type, data, metadata }) => ({
      id: randomUUID(),
      type,
      data,
      metadata: {
        actor: { type: 'system', id: 'spec' },
        correlationId: 'spec',
        causationId: 'spec',
        at,
        ...metadata,
      },
    })),
  );
}

/** The given events are in the read models before the command runs, as in a settled app. */
async function caughtUp(world: UseCaseWorld) {
  const head = await world.eventStore.headPosition();
  if (!(await world.progress.waitFor(head))) {
    throw new Error('The projections did not catch up with the given events');
  }
}
