/**
 * Rate limiting: counted uses of a key in fixed windows (aligned to the epoch, so every instance
 * agrees on them), counted atomically in a store all instances share.
 */
export const RATE_LIMITER = Symbol('RateLimiter');

export interface Limit {
  /** What is counted, e.g. `upload:<visitor>`; the window is added by the limiter. */
  key: string;
  /** Uses allowed per window. */
  limit: number;
  windowMs: number;
}

export interface Counted {
  /** Whether every count is within its limit (this use included). */
  allowed: boolean;
  /** When the first exceeded window ends (0 when allowed). */
  retryAfterMs: number;
  /** Takes this use back from every count (an attempt that did not fail, a refused one). */
  giveBack(): Promise<void>;
}

export interface RateLimiter {
  /** Counts one use against each limit. */
  count(limits: readonly Limit[]): Promise<Counted>;
  /** Uses counted so far in the limit's current window, counting none (for the metrics). */
  used?(limit: Limit): Promise<number>;
}

/**
 * Too many uses: answered 429 with `Retry-After` for a client's own limit, or 503 when a limit
 * the whole service shares (the AI rater's hourly budget) is spent.
 */
export class RateLimitedError extends Error {
  readonly retryAfterSeconds: number;

  constructor(
    message: string,
    retryAfterMs: number,
    readonly scope: 'client' | 'service' = 'client',
  ) {
    super(message);
    this.name = 'RateLimitedError';
    this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  }
}

/** Counts one use; throws RateLimitedError with the message when a limit is passed. */
export async function withinLimits(
  limiter: RateLimiter,
  limits: readonly Limit[],
  message: (retryAfterMs: number) => string,
  scope: 'client' | 'service' = 'client',
): Promise<Counted> {
  const counted = await limiter.count(limits);
  if (!counted.allowed) {
    throw new RateLimitedError(message(counted.retryAfterMs), counted.retryAfterMs, scope);
  }
  return counted;
}

export const HOUR_MS = 60 * 60 * 1000;

/** "in 12 minutes" / "in 1 minute": for messages that say when to come back. */
export function inMinutes(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return `in ${minutes} minute${minutes === 1 ? '' : 's'}`;
}
