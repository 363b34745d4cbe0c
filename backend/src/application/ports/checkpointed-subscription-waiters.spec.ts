import type { RecordedEvent } from '../../domain/shared/event';
import { CheckpointedSubscription, type SubscriptionCheckpoint } from './checkpointed-subscription';
import type { EventHandler, EventStore } from './event-store.port';

/**
 * Read-your-writes on a busy server: an event someone waits for is handled at once, not after
 * the next turn of the event loop (which runs every request that arrived meanwhile first).
 */
describe('checkpointed subscription, waited-for events', () => {
  let deliver: EventHandler;
  let batches: bigint[][];
  let subscription: CheckpointedSubscription;

  const event = (position: bigint) =>
    ({ position, type: 'Counted', streamId: 's', data: {} }) as unknown as RecordedEvent;
  /** Resolves 'next turn' after the event loop's next check phase: anything later lost. */
  const nextTurn = () => new Promise<string>((resolve) => setImmediate(() => resolve('next turn')));

  beforeEach(async () => {
    batches = [];
    const log = {
      subscribeToAll: (_from: unknown, handler: EventHandler) => {
        deliver = handler;
        return { stop: () => Promise.resolve() };
      },
    } as unknown as EventStore;
    const checkpoint: SubscriptionCheckpoint = {
      load: () => Promise.resolve(null),
      save: () => Promise.resolve(),
    };
    subscription = new CheckpointedSubscription(
      log,
      (batch) => {
        batches.push(batch.map((e) => e.position));
        return Promise.resolve([]);
      },
      { name: 'Test subscription', checkpoint, from: 'start', batchSize: 500 },
    );
    await subscription.start();
  });
  afterEach(() => subscription.stop());

  it('handles a queued event at once when someone starts waiting for it', async () => {
    const turn = nextTurn();
    await deliver(event(1n));
    await deliver(event(2n));
    expect(await Promise.race([subscription.waitForPosition(2n), turn])).toBe(true);
    expect(batches).toEqual([[1n, 2n]]);
  });

  it('handles an event at once when it arrives and someone waits for it already', async () => {
    const turn = nextTurn();
    const waited = subscription.waitForPosition(1n);
    await deliver(event(1n));
    expect(await Promise.race([waited, turn])).toBe(true);
  });

  it('still gathers the events nobody waits for into one batch', async () => {
    await deliver(event(1n));
    await deliver(event(2n));
    await deliver(event(3n));
    expect(batches).toEqual([]);
    await nextTurn();
    expect(await subscription.waitForPosition(3n)).toBe(true);
    expect(batches).toEqual([[1n, 2n, 3n]]);
  });

  it('tells a waiter only once the batch holding its event is saved', async () => {
    const waited = subscription.waitForPosition(2n);
    let told = false;
    void waited.then(() => (told = true));
    await deliver(event(1n));
    await nextTurn();
    expect(told).toBe(false);
    await deliver(event(2n));
    expect(await waited).toBe(true);
    expect(batches.flat()).toEqual([1n, 2n]);
  });
});
