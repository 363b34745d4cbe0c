import { randomUUID } from 'node:crypto';
import type { EventMetadata } from '../../domain/shared/event';
import { SqliteEventStore } from '../../infrastructure/event-store/sqlite-event-store';
import {
  type BatchHandler,
  CheckpointedSubscription,
  type CheckpointedSubscriptionOptions,
  type SubscriptionCheckpoint,
} from './checkpointed-subscription';

const metadata: EventMetadata = {
  actor: { type: 'system', id: 'test' },
  correlationId: 'c',
  causationId: 'c',
  at: '2026-01-01T00:00:00.000Z',
};

describe('checkpointed subscription', () => {
  let events: SqliteEventStore;
  let stored: bigint | null;
  let saves: bigint[];
  const running: CheckpointedSubscription[] = [];
  const checkpoint: SubscriptionCheckpoint = {
    load: () => Promise.resolve(stored),
    save: (position) => {
      stored = position;
      saves.push(position);
      return Promise.resolve();
    },
  };
  const append = async (type = 'Counted') =>
    (
      await events.appendToStream(`s-${randomUUID()}`, [
        { id: randomUUID(), type, data: {}, metadata },
      ])
    ).position;
  const subscribe = (
    handle: BatchHandler,
    options: Partial<CheckpointedSubscriptionOptions> = {},
  ) => {
    const subscription = new CheckpointedSubscription(events, handle, {
      name: 'Test subscription',
      checkpoint,
      from: 'start',
      retryDelayMs: 5,
      logger: { error: () => undefined },
      ...options,
    });
    running.push(subscription);
    return subscription;
  };

  beforeEach(() => {
    events = new SqliteEventStore(':memory:');
    stored = null;
    saves = [];
  });
  afterEach(async () => {
    for (const subscription of running.splice(0)) await subscription.stop();
    await events.close();
  });

  it('starts at the head for a reactor to which history is not news, recording it when asked', async () => {
    const old = await append();
    const seen: bigint[] = [];
    const subscription = subscribe(
      (batch) => {
        seen.push(...batch.map((e) => e.position));
        return Promise.resolve(null);
      },
      { from: 'head', recordHead: true },
    );
    await subscription.start();
    expect(stored).toBe(old);
    const news = await append();
    expect(await subscription.waitForPosition(news)).toBe(true);
    expect(seen).toEqual([news]);
  });

  it('saves the checkpoint with what the handler answers, stores the rest on a clean stop, and resumes after it', async () => {
    const first = await append('Counted');
    const skipped = await append('Other');
    const seen: bigint[] = [];
    const handle: BatchHandler = (batch) => {
      seen.push(...batch.map((e) => e.position));
      return Promise.resolve(batch[0].type === 'Counted' ? [] : null);
    };
    const subscription = subscribe(handle);
    await subscription.start();
    await subscription.waitForPosition(skipped);
    // The handler asked for no save after the second event: the checkpoint stays at the first.
    expect(saves).toEqual([first]);
    expect(subscription.position).toBe(first);
    await subscription.stop();
    // A clean stop stores what was handled since.
    expect(saves).toEqual([first, skipped]);

    const again = subscribe(handle);
    await again.start();
    const next = await append('Counted');
    await again.waitForPosition(next);
    // Nothing handled before the stop comes again.
    expect(seen).toEqual([first, skipped, next]);
  });

  it('stores nothing on stop when every handled event is saved already', async () => {
    const position = await append('Counted');
    const subscription = subscribe(() => Promise.resolve([]));
    await subscription.start();
    await subscription.waitForPosition(position);
    await subscription.stop();
    expect(saves).toEqual([position]);
  });

  it('resumes from its checkpoint after the handler fails, handing the failed event over again', async () => {
    const position = await append();
    let failures = 1;
    const seen: bigint[] = [];
    const subscription = subscribe((batch) => {
      seen.push(batch[0].position);
      if (failures-- > 0) return Promise.reject(new Error('provider down'));
      return Promise.resolve([]);
    });
    await subscription.start();
    expect(await subscription.waitForPosition(position)).toBe(true);
    expect(seen).toEqual([position, position]);
    expect(stored).toBe(position);
  });
});
