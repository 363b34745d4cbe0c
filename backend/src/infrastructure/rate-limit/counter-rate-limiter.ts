import type { Counted, Limit, RateLimiter } from '../../application/ports/rate-limiter.port';
import type { ReadStore } from '../../application/ports/read-store.port';

/**
 * The rate limiter over the read store's atomic counters (in memory and written within a second
 * embedded, one bulk write of conditional upserts in MongoDB): each window is its own counter,
 * expiring when it ends. A use is counted in every window still below its limit, all in one round
 * trip; a window at its limit is left as it is and refuses the use.
 */
export class CounterRateLimiter implements RateLimiter {
  constructor(
    private readonly readStore: Pick<ReadStore, 'countWithin' | 'counter'>,
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
      return { limit: limit.limit, key: `${limit.key}:${window}`, expiresAt: new Date(endsAt) };
    });
    const counted = await this.readStore.countWithin(
      windows.map((w) => ({ key: w.key, expiresAt: w.expiresAt, below: w.limit })),
    );
    const exceeded = windows.filter((_, i) => !counted[i]);
    const taken = windows.filter((_, i) => counted[i]);
    return {
      allowed: exceeded.length === 0,
      retryAfterMs:
        exceeded.length === 0 ? 0 : Math.max(...exceeded.map((w) => w.expiresAt.getTime() - now)),
      giveBack: async () => {
        if (taken.length === 0) return;
        await this.readStore.countWithin(
          taken.map((w) => ({ key: w.key, expiresAt: w.expiresAt, by: -1 })),
        );
      },
    };
  }
}
