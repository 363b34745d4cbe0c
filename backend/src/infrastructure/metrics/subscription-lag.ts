import type { SubscriberProgress } from '../../application/ports/checkpointed-subscription';
import type { EventStore } from '../../application/ports/event-store.port';
import type { SubscriberLag } from './app-metrics';

/**
 * Events counted at most per subscriber and scrape where positions are not event numbers (a
 * larger lag shows as this): counting reads the events, and a scrape must stay cheap.
 */
export const COUNTED_LAG_LIMIT = 1000;

interface LagOptions {
  /**
   * The log numbers its events 1, 2, 3… (the embedded SQLite log), so a lag is a subtraction.
   * Otherwise (EventStoreDB's commit positions, with gaps) the events after the subscriber's
   * position are counted, up to `COUNTED_LAG_LIMIT`.
   */
  positionsCountEvents: boolean;
}

/**
 * Reads, at scrape time, how many events of the log each running subscriber has not handled
 * yet: the log's head against each subscriber's last handled event (kept in memory, more
 * current than its stored checkpoint, which a reactor saves only every few hundred events it
 * ignores). A subscriber not running in this process (no lease, not started) is not reported.
 */
export function subscriptionLag(
  subscribers: () => readonly SubscriberProgress[],
  log: Pick<EventStore, 'headPosition' | 'readAll'>,
  options: LagOptions,
): () => Promise<SubscriberLag[]> {
  return async () => {
    const running = subscribers();
    if (running.length === 0) return [];
    const head = await log.headPosition();
    return Promise.all(
      running.map(async (progress) => ({
        subscriber: progress.subscriber,
        events: await behind(progress.handledThrough, head),
      })),
    );
  };

  async function behind(handled: bigint | null, head: bigint | null): Promise<number> {
    const after = handled !== null && handled > 0n ? handled : null;
    if (head === null || (after !== null && after >= head)) return 0;
    if (options.positionsCountEvents) return Number(head - (after ?? 0n));
    const events = await log.readAll({
      ...(after !== null ? { after } : {}),
      maxCount: COUNTED_LAG_LIMIT,
    });
    return events.length;
  }
}
