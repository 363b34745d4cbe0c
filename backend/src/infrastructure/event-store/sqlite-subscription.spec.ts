import { EventEmitter } from 'node:events';
import type { RecordedEvent } from '../../domain/shared/event';
import { pollingSubscription, type PolledLog } from './sqlite-subscription';
import { until } from '../../../test/support/until';

/** A log of `count` events in memory, read in pages of `pageSize`. */
function logOf(count: number, pageSize: number): PolledLog {
  const events = Array.from(
    { length: count },
    (_, i) => ({ position: BigInt(i + 1), type: 'Seen' }) as unknown as RecordedEvent,
  );
  return {
    readPage: (after) => {
      const from = after === undefined ? 0 : Number(after);
      return events.slice(from, from + pageSize);
    },
    pageSize,
    appended: new EventEmitter(),
    pollIntervalMs: 60_000,
    isClosed: () => false,
  };
}

describe('pollingSubscription', () => {
  it('hands every event over in order, then waits for news', async () => {
    const seen: bigint[] = [];
    let caughtUp!: () => void;
    const done = new Promise<void>((resolve) => (caughtUp = resolve));
    const subscription = pollingSubscription(logOf(25, 10), undefined, (event) => {
      seen.push(event.position);
      if (seen.length === 25) caughtUp();
    });
    await done;
    await subscription.stop();
    expect(seen).toEqual(Array.from({ length: 25 }, (_, i) => BigInt(i + 1)));
  });

  it('lets the event loop turn between full pages while it catches up', async () => {
    let handled = 0;
    let caughtUp!: () => void;
    const done = new Promise<void>((resolve) => (caughtUp = resolve));
    // A request arriving during the catch-up: its callback waits for a turn of the loop.
    const answeredAfter = new Promise<number>((resolve) => setImmediate(() => resolve(handled)));
    const subscription = pollingSubscription(logOf(1000, 100), undefined, () => {
      handled += 1;
      if (handled === 1000) caughtUp();
    });
    const during = await answeredAfter;
    await done;
    await subscription.stop();
    // Answered after the first page or so, not after the whole log.
    expect(during).toBeLessThan(1000);
    expect(during).toBeGreaterThan(0);
  });

  it('reads the log again after a page that ended at its head only once told of an append', async () => {
    const events = [1, 2, 3].map(
      (position) => ({ position: BigInt(position), type: 'Seen' }) as unknown as RecordedEvent,
    );
    let reads = 0;
    const log: PolledLog = {
      readPage: (after) => {
        reads += 1;
        return events.filter((event) => after === undefined || event.position > after);
      },
      pageSize: 10,
      appended: new EventEmitter(),
      pollIntervalMs: 60_000,
      isClosed: () => false,
    };
    const seen: bigint[] = [];
    const subscription = pollingSubscription(log, undefined, (event) => {
      seen.push(event.position);
    });
    await until(() => seen.length === 3);
    events.push({ position: 4n, type: 'Seen' } as unknown as RecordedEvent);
    log.appended.emit('append');
    await until(() => seen.length === 4);
    await subscription.stop();
    // One read for the first three, one for the fourth: none found the head of the log empty.
    expect(reads).toBe(2);
    expect(seen).toEqual([1n, 2n, 3n, 4n]);
  });
});
