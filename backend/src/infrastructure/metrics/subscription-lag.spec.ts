import type { SubscriberProgress } from '../../application/ports/checkpointed-subscription';
import type { ReadAllOptions } from '../../application/ports/event-store.port';
import type { RecordedEvent } from '../../domain/shared/event';
import { COUNTED_LAG_LIMIT, subscriptionLag } from './subscription-lag';

const progress = (
  subscriber: string,
  handledThrough: bigint | null,
  running = true,
): SubscriberProgress => ({ subscriber, handledThrough, running });

/** A log whose events sit at the given positions (with gaps, as EventStoreDB's do). */
function logAt(positions: bigint[]) {
  const reads: ReadAllOptions[] = [];
  return {
    reads,
    headPosition: async () => positions.at(-1) ?? null,
    readAll: async (options: ReadAllOptions = {}) => {
      reads.push(options);
      return positions
        .filter((p) => options.after === undefined || p > options.after)
        .slice(0, options.maxCount)
        .map((position) => ({ position }) as RecordedEvent);
    },
  };
}

describe('subscription lag', () => {
  it('subtracts positions where the log numbers its events', async () => {
    const log = logAt([1n, 2n, 3n, 4n, 5n]);
    const lag = subscriptionLag(
      () => [progress('read-models', 5n), progress('reactor:payments', 2n), progress('new', null)],
      log,
      { positionsCountEvents: true },
    );
    expect(await lag()).toEqual([
      { subscriber: 'read-models', events: 0 },
      { subscriber: 'reactor:payments', events: 3 },
      { subscriber: 'new', events: 5 },
    ]);
    expect(log.reads).toEqual([]);
  });

  it('counts the events after the subscriber where positions have gaps, up to a limit', async () => {
    const log = logAt([100n, 250n, 900n]);
    const lag = subscriptionLag(
      () => [progress('a', 250n), progress('b', 900n), progress('c', -1n)],
      log,
      { positionsCountEvents: false },
    );
    expect(await lag()).toEqual([
      { subscriber: 'a', events: 1 },
      { subscriber: 'b', events: 0 },
      { subscriber: 'c', events: 3 },
    ]);
    expect(log.reads).toEqual([
      { after: 250n, maxCount: COUNTED_LAG_LIMIT },
      { maxCount: COUNTED_LAG_LIMIT },
    ]);
  });

  it('reports no lag on an empty log, and nothing for subscribers this process does not run', async () => {
    const empty = subscriptionLag(() => [progress('read-models', null)], logAt([]), {
      positionsCountEvents: true,
    });
    expect(await empty()).toEqual([{ subscriber: 'read-models', events: 0 }]);
    const log = logAt([1n]);
    const none = subscriptionLag(() => [], log, { positionsCountEvents: false });
    expect(await none()).toEqual([]);
  });
});
