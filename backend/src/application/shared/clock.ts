/** The one source of time outside tests; the domain gets `now` in command metadata. */
export const CLOCK = Symbol('Clock');

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
