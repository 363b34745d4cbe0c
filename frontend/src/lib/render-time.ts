import { createContext, useContext } from 'react';

import { useHydrated } from './use-hydrated';

/**
 * When the server rendered the page being hydrated (its data block's `renderedAt`), or null for
 * a page the browser renders itself.
 */
export const RenderTimeContext = createContext<number | null>(null);

/** What a date on the page is drawn from: the time, and whether to draw it in UTC, in en-US. */
export interface DateView {
  /** The time to count from, or undefined for the present. */
  now: number | undefined;
  /** True on the server and while its page hydrates: neither knows the browser's zone. */
  utc: boolean;
}

/**
 * The server draws dates from its render time, in UTC; the browser hydrating that page draws
 * them from the same time and zone, so hydration finds the same text, and then redraws them
 * from its own clock and zone. A page the browser renders itself uses its own from the start.
 */
export function useDateView(): DateView {
  const renderedAt = useContext(RenderTimeContext);
  const hydrated = useHydrated();
  if (hydrated || renderedAt === null) return { now: undefined, utc: false };
  return { now: renderedAt, utc: true };
}
