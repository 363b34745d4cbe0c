/**
 * What the application counts for the operator's metrics (`GET /metrics`, see
 * docs/operations.md#metrics). The adapter behind it keeps one registry per app; application
 * code only names what happened.
 */
export const METRICS = Symbol('Metrics');

/** How a call to the AI rater ended: an assessment, a failure, or refused by the hourly budget. */
export type RaterCallOutcome = 'rated' | 'failed' | 'over_budget';

/** Whether the payment provider opened the checkout session asked for. */
export type CheckoutOutcome = 'created' | 'failed';

/**
 * What became of a webhook delivery: refused for its signature, recorded for the fulfilment,
 * acknowledged without action (a type this app does not act on), or failed while recording.
 */
export type WebhookOutcome = 'invalid_signature' | 'recorded' | 'ignored' | 'failed';

export type MailOutcome = 'sent' | 'failed';

export interface Metrics {
  raterCalled(outcome: RaterCallOutcome): void;
  /** Read when the metrics are collected: rater calls left in this hour's budget. */
  watchRaterBudget(remaining: () => Promise<number>): void;
  checkoutOpened(outcome: CheckoutOutcome): void;
  webhookReceived(outcome: WebhookOutcome): void;
  mailSent(outcome: MailOutcome): void;
}

/** Counts nothing: for code built outside the app (unit tests, command-line tools). */
export const NO_METRICS: Metrics = {
  raterCalled: () => undefined,
  watchRaterBudget: () => undefined,
  checkoutOpened: () => undefined,
  webhookReceived: () => undefined,
  mailSent: () => undefined,
};
