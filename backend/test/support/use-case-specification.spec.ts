import type { Decider } from '../../src/domain/shared/decider';
import { ConflictError } from '../../src/domain/shared/errors';
import type { DomainEvent } from '../../src/domain/shared/event';
import { commandMetadata } from '../../src/application/shared/command-metadata';
import { runDecider } from '../../src/application/shared/decider-runner';
import { NOT_A_PROMISE, SPEC_NOW, useCase } from './use-case-specification';

type Added = DomainEvent<'Added', { n: number }>;
/** Adds to a running total; refuses to go past 10. */
const counter: Decider<{ add: number }, number, Added> = {
  initialState: 0,
  decide: (command, total) => {
    if (total + command.add > 10) throw new ConflictError('Past ten');
    return command.add === 0 ? [] : [{ type: 'Added', data: { n: command.add } }];
  },
  evolve: (total, event) => total + event.data.n,
};
const added = (n: number): Added => ({ type: 'Added', data: { n } });

const add = useCase(({ eventStore, clock }) => ({
  execute: async (n: number) => {
    const { position } = await runDecider(
      eventStore,
      counter,
      'count-1',
      { add: n },
      commandMetadata({ type: 'system', id: 'spec' }, clock.now(), 'c-1'),
    );
    return position;
  },
}));

describe('use-case specification', () => {
  it('decides on the given events and compares what was appended to the stream', async () => {
    await add
      .given('count-1', added(4))
      .when(3)
      .then('count-1', [added(3)]);
    await expect(
      add
        .given('count-1', added(4))
        .when(3)
        .then('count-1', [added(4)]),
    ).rejects.toThrow();
    await expect(add.when(3).then('count-2', [added(3)])).rejects.toThrow();
  });

  it('compares metadata only where an expected event names some', async () => {
    await add.when(2).then('count-1', [{ ...added(2), metadata: { at: SPEC_NOW } }]);
    await expect(
      add.when(2).then('count-1', [{ ...added(2), metadata: { correlationId: 'other' } }]),
    ).rejects.toThrow();
  });

  it('tells an answer, nothing appended, and a refusal apart', async () => {
    await add.given('count-1', added(1)).when(2).thenAnswers(2n);
    await add.when(0).thenNothing();
    await expect(add.when(1).thenNothing()).rejects.toThrow();
    await add.given('count-1', added(9)).when(2).thenThrows(ConflictError, 'Past ten');
    await expect(add.when(2).thenThrows(ConflictError)).rejects.toThrow();
    await expect(
      add.given('count-1', added(9)).when(2).thenThrows(ConflictError, 'Past nine'),
    ).rejects.toThrow();
    // A check that expects success fails with the refusal itself.
    await expect(add.given('count-1', added(9)).when(2).thenNothing()).rejects.toThrow('Past ten');
  });

  it('refuses to be awaited as if it were a promise', async () => {
    await expect(Promise.resolve(add.when(1))).rejects.toThrow(NOT_A_PROMISE);
  });

  it('given the clock moved between given events, stamps each with its time and runs the command at the last', async () => {
    const [later, latest] = ['2026-03-03T09:00:00.000Z', '2026-03-04T09:00:00.000Z'];
    const stamps = useCase(({ eventStore, clock }) => ({
      execute: async () => ({
        now: clock.now().toISOString(),
        given: (await eventStore.readStream('count-1')).map((event) => event.metadata.at),
      }),
    }));
    await stamps
      .given('count-1', added(1))
      .at(later)
      .given('count-1', added(2))
      .at(latest)
      .when(undefined)
      .thenAnswers({ now: latest, given: [SPEC_NOW, later] });
    await add
      .given('count-1', added(1))
      .at(later)
      .when(2)
      .then('count-1', [{ ...added(2), metadata: { at: later } }]);
    await expect(
      add
        .at(later)
        .when(2)
        .then('count-1', [{ ...added(2), metadata: { at: SPEC_NOW } }]),
    ).rejects.toThrow();
  });

  it('runs each scenario in a world of its own', async () => {
    const outcome = await add.given('count-1', added(5)).when(1).outcome();
    expect(outcome.appended.map((event) => [event.streamId, event.position])).toEqual([
      ['count-1', 2n],
    ]);
    expect((await add.when(1).outcome()).appended[0].position).toBe(1n);
  });
});
