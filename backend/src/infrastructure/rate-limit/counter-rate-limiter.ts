import type { Counted, Limit, RateLimiter } from '../../application/ports/rate-limiter.port';
import type { IncrementOptions, ReadStore } from '../../application/ports/read-store.port';

/** A limit's count may be lost in a crash: a member could then repeat a write a few times more. */
const SOON: IncrementOptions = { mayLoseOnCrash: true };

/**
 * The rate limiter over the read store's atomic counters (in memory and written within a second
 * embedded, a `findOneAndUpdate` in MongoDB): each window is its own counter, expiring when it
 * ends.
 */
export class CounterRateLimiter implements RateLimiter {
  constructor(
    private readonly readStore: Pick<ReadStore, 'increment' | 'counter'>,
    private readonly now: () => Date,
  ) {}

  used(limit: Limit): Promise<number> {
    const window = Math.floor(this.now().getTime() / limit.windowMs);
    return this.readStore.counter(`${limit.key}:${window}`);
  }

  async count(limits: readonly Limit[]): Promise<Counted> {
    const now = this.now().getTime();
    const windows = limits.map((limit) => {
      const window = Math.floor(now / limit.windowMs);
      const endsAt = (window + 1) * limit.windowMs;
      // Not `{ ...limit, counter, endsAt }`: see docs/decisions/spelled-out-copies.md (every
      // write a member repeats counts its limits here).
      return { limit: limit.limit, counter: `${limit.key}:${window}`, endsAt };
    });
    const counts = await Promise.all(
      windows.map((w) => this.readStore.increment(w.counter, new Date(w.endsAt), 1, SOON)),
    );
    const exceeded = windows.filter((w, i) => counts[i] > w.limit);
    return {
      allowed: exceeded.length === 0,
      retryAfterMs: exceeded.length === 0 ? 0 : Math.max(...exceeded.map((w) => w.endsAt - now)),
      giveBack: async () => {
        await Promise.all(
          windows.map((w) => this.readStore.increment(w.counter, new Date(w.endsAt), -1, SOON)),
        );
      },
    };
  }
}
