import type { BrowserContext } from 'playwright-core';

/**
 * React's hydration mismatches seen by any guarded page since they were last taken: a
 * server-rendered page whose markup the browser's first render did not match (React then throws
 * the page's markup away and draws it again). Production builds report it as error #418 to #425
 * (https://react.dev/errors/418). Every browser test fails on one (`csp-setup.ts`).
 */
const mismatches: string[] = [];

const HYDRATION = /hydrat|Minified React error #(418|419|420|421|422|423|425)\b/i;

export function guardAgainstHydrationMismatches(context: BrowserContext): void {
  context.on('console', (message) => {
    if (['error', 'warning'].includes(message.type()) && HYDRATION.test(message.text())) {
      mismatches.push(`${message.page()?.url() ?? 'a page'}: ${message.text()}`);
    }
  });
  context.on('weberror', (error) => {
    if (HYDRATION.test(error.error().message)) {
      mismatches.push(`${error.page()?.url() ?? 'a page'}: ${error.error().message}`);
    }
  });
}

/** The mismatches seen since the last call, and forgets them. */
export function takeHydrationMismatches(): string[] {
  return mismatches.splice(0);
}
