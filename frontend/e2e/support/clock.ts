import type { Locator, Page } from 'playwright-core';

/**
 * The page's clock, under the test's control.
 *
 * Every page gets Playwright's fake clock before it runs anything (`installClock`, from
 * `newPage`). It flows like a real clock until the test holds it. Something the app shows only
 * for a while (a view that moves on after 1 or 2 s, a banner or a toast that goes after 5 s) is
 * looked at with the clock held from *before* the action that shows it, so it cannot go away
 * however slow the machine is; the test moves the clock on itself and lets it go afterwards
 * with `page.clock.resume()`.
 */

/**
 * How far ahead of its own current time the page's clock is stopped by `holdClock`. The clock
 * keeps flowing while its time is read and the pause travels back to it, so the pause has to
 * aim past that; no test may run longer than 120 s (vitest.e2e.config.ts), so a target this far
 * ahead of a reading can never be in the clock's past.
 */
const HOLD_LEAD_MS = 5 * 60_000;

/** How far `advanceUntil` moves a held clock at a time: far less than any delay the app has. */
const STEP_MS = 10;

/** How long (in real time) `advanceUntil` keeps trying: Playwright's own default for a wait. */
const ADVANCE_LIMIT_MS = 30_000;

/** Fakes the page's time before it runs, starting at the present; it flows until held. */
export async function installClock(page: Page) {
  await page.clock.install({ time: Date.now() });
}

/** The page's own (fake) time, read in the page. */
export function pageNow(page: Page): Promise<number> {
  return page.evaluate(() => Date.now());
}

/**
 * Stops the page's clock, so that no timer in the page fires until the test moves the clock
 * (`advanceUntil`, `page.clock.runFor`) or lets it go (`page.clock.resume()`). Call it before the
 * action whose result is only shown for a while. It jumps the clock forward by HOLD_LEAD_MS
 * from the page's own time; timers that were already set on the current screen fire on the way.
 */
export async function holdClock(page: Page) {
  await page.clock.pauseAt((await pageNow(page)) + HOLD_LEAD_MS);
}

/**
 * With the clock held: moves it on in small steps, firing the page's timers as they come due
 * (React Query hands its results over on a zero-delay timer), until every target is visible.
 * A timer the shown view starts (a redirect, a banner's 5 s) has then run for at most a step or
 * two of fake time, whatever the real time it took.
 */
export async function advanceUntil(page: Page, ...targets: Locator[]) {
  const giveUpAt = Date.now() + ADVANCE_LIMIT_MS;
  for (;;) {
    const shown = await Promise.all(targets.map((target) => target.isVisible()));
    if (shown.every(Boolean)) return;
    if (Date.now() > giveUpAt) {
      const missing = targets.filter((_, i) => !shown[i]).join(', ');
      throw new Error(
        `Not visible after ${ADVANCE_LIMIT_MS} ms of advancing the clock: ${missing}`,
      );
    }
    await page.clock.runFor(STEP_MS);
  }
}
