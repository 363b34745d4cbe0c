import { HOUR_MS, inMinutes, type RateLimiter, withinLimits } from '../ports/rate-limiter.port';
import type { PhotoAssessment, PhotoRater, RaterInput } from '../ports/rater.port';

/**
 * The AI rater within an hourly budget for the whole service (`RATER_CALLS_PER_HOUR`), so no
 * crowd of addresses, each within its own upload limit, can run up the bill: past it, ratings
 * answer 503 with a message and `Retry-After` until the next hour. A call is counted when it is
 * made, whatever its answer.
 */
export class BudgetedRater implements PhotoRater {
  constructor(
    private readonly rater: PhotoRater,
    private readonly limiter: RateLimiter,
    private readonly callsPerHour: number,
  ) {}

  get name(): string {
    return this.rater.name;
  }

  async rate(input: RaterInput): Promise<PhotoAssessment> {
    await withinLimits(
      this.limiter,
      [{ key: 'rater-calls', limit: this.callsPerHour, windowMs: HOUR_MS }],
      (retryAfterMs) =>
        `Photo rating is very busy right now. Please try again ${inMinutes(retryAfterMs)}.`,
      'service',
    );
    return this.rater.rate(input);
  }
}
