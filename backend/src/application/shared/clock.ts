/** The one source of time outside tests; the domain gets `now` in command metadata. */
export const CLOCK = Symbol('Clock');

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/**
 * The system clock plus an offset that only grows: browser tests (TEST_CLOCK, NODE_ENV=test)
 * move a whole running app past a boost's end or a session's expiry without waiting for it.
 */
export class OffsetClock implements Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  advance(ms: number): Date {
    this.offsetMs += Math.max(0, ms);
    return this.now();
  }
}
