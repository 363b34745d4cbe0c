import type { ReadStore } from '../ports/read-store.port';

export const HOUR_MS = 60 * 60 * 1000;

export interface WindowCount {
  /** Uses counted in this window, this one included. */
  count: number;
  /** Milliseconds until the window ends and the count starts again. */
  resetsInMs: number;
}

/**
 * Counts one use of `key` in the current fixed window of `windowMs` (aligned to the epoch, so
 * every instance agrees on the windows) through the read store's atomic counters.
 */
export async function countInWindow(
  readStore: ReadStore,
  key: string,
  windowMs: number,
  now: Date,
): Promise<WindowCount> {
  const window = Math.floor(now.getTime() / windowMs);
  const windowEnds = (window + 1) * windowMs;
  const count = await readStore.increment(`${key}:${window}`, new Date(windowEnds));
  return { count, resetsInMs: windowEnds - now.getTime() };
}

/** "in 12 minutes" / "in 1 minute": for messages that say when to come back. */
export function inMinutes(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return `in ${minutes} minute${minutes === 1 ? '' : 's'}`;
}
