import { NO_METRICS, type Metrics, type RaterCallOutcome } from '../ports/metrics.port';
import { type Limit, RateLimitedError, type RateLimiter } from '../ports/rate-limiter.port';
import { type PhotoAssessment, type PhotoRater, RaterUnavailableError } from '../ports/rater.port';
import { BudgetedRater } from './budgeted-rater';

/** One fixed window: counts as the shared limiter does, without a store. */
class WindowLimiter implements RateLimiter {
  private readonly counts = new Map<string, number>();
  async count(limits: readonly Limit[]) {
    const counts = limits.map((l) => {
      const next = (this.counts.get(l.key) ?? 0) + 1;
      this.counts.set(l.key, next);
      return next;
    });
    const allowed = limits.every((l, i) => counts[i] <= l.limit);
    return { allowed, retryAfterMs: allowed ? 0 : 60_000, giveBack: async () => undefined };
  }
  async used(limit: Limit) {
    return this.counts.get(limit.key) ?? 0;
  }
}

class RecordedMetrics implements Metrics {
  calls: RaterCallOutcome[] = [];
  budget: (() => Promise<number>) | null = null;
  raterCalled(outcome: RaterCallOutcome) {
    this.calls.push(outcome);
  }
  watchRaterBudget(remaining: () => Promise<number>) {
    this.budget = remaining;
  }
  checkoutOpened = NO_METRICS.checkoutOpened;
  webhookReceived = NO_METRICS.webhookReceived;
  mailSent = NO_METRICS.mailSent;
}

const assessment = { verdict: 'ok', overall: 7 } as PhotoAssessment;
const input = { image: Buffer.alloc(1), mimeType: 'image/webp', features: {} } as never;

describe('budgeted rater', () => {
  it('counts each call by outcome and reports the budget left this hour', async () => {
    let fail = false;
    const rater: PhotoRater = {
      name: 'scripted',
      rate: async () => {
        if (fail) throw new RaterUnavailableError('down');
        return assessment;
      },
    };
    const metrics = new RecordedMetrics();
    const budgeted = new BudgetedRater(rater, new WindowLimiter(), 3, metrics);
    expect(await metrics.budget!()).toBe(3);

    await expect(budgeted.rate(input)).resolves.toBe(assessment);
    fail = true;
    await expect(budgeted.rate(input)).rejects.toBeInstanceOf(RaterUnavailableError);
    expect(await metrics.budget!()).toBe(1);
    await expect(budgeted.rate(input)).rejects.toBeInstanceOf(RaterUnavailableError);
    await expect(budgeted.rate(input)).rejects.toBeInstanceOf(RateLimitedError);

    expect(metrics.calls).toEqual(['rated', 'failed', 'failed', 'over_budget']);
    // Refused calls count against the window too; the budget never shows below 0.
    expect(await metrics.budget!()).toBe(0);
  });
});
