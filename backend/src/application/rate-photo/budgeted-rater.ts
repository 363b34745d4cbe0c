import { type Metrics, NO_METRICS } from '../ports/metrics.port';
import {
  HOUR_MS,
  inMinutes,
  type RateLimiter,
  RateLimitedError,
  withinLimits,
} from '../ports/rate-limiter.port';
import type { PhotoAssessment, PhotoRater, RaterInput } from '../ports/rater.port';

/**
 * The AI rater within an hourly budget for the whole service (`RATER_CALLS_PER_HOUR`), so no
 * crowd of addresses, each within its own upload limit, can run up the bill: past it, ratings
 * answer 503 with a message and `Retry-After` until the next hour. A call is counted when it is
 * made, whatever its answer. Each call, failure and refusal is counted in the metrics, and the
 * budget left this hour is read when they are scraped.
 */
export class BudgetedRater implements PhotoRater {
  constructor(
    private readonly rater: PhotoRater,
    private readonly limiter: RateLimiter,
    private readonly callsPerHour: number,
    private readonly metrics: Metrics = NO_METRICS,
  ) {
    metrics.watchRaterBudget(() => this.remaining());
  }

  get name(): string {
    return this.rater.name;
  }

  async rate(input: RaterInput): Promise<PhotoAssessment> {
    try {
      await withinLimits(
        this.limiter,
        [this.budget()],
        (retryAfterMs) =>
          `Photo rating is very busy right now. Please try again ${inMinutes(retryAfterMs)}.`,
        'service',
      );
    } catch (error) {
      if (error instanceof RateLimitedError) this.metrics.raterCalled('over_budget');
      throw error;
    }
    try {
      const assessment = await this.rater.rate(input);
      this.metrics.raterCalled('rated');
      return assessment;
    } catch (error) {
      this.metrics.raterCalled('failed');
      throw error;
    }
  }

  /** Calls left this hour (never below 0), for the metrics; counts nothing. */
  async remaining(): Promise<number> {
    const used = (await this.limiter.used?.(this.budget())) ?? 0;
    return Math.max(0, this.callsPerHour - used);
  }

  private budget() {
    return { key: 'rater-calls', limit: this.callsPerHour, windowMs: HOUR_MS };
  }
}
