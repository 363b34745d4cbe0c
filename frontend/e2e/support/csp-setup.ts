import { afterEach } from 'vitest';
import { takeCspViolations } from './csp';
import { takeHydrationMismatches } from './hydration';

// Runs before every browser test file: a test during which any guarded page (see pages.ts
// `newPage`) broke the Content-Security-Policy, or hydrated a server-rendered page that did not
// match its markup, fails, naming what happened.
afterEach(() => {
  const mismatched = takeHydrationMismatches();
  if (mismatched.length > 0) {
    throw new Error(`Hydration mismatches:\n${[...new Set(mismatched)].join('\n')}`);
  }
  const seen = takeCspViolations();
  if (seen.length > 0) {
    throw new Error(`Content-Security-Policy violations:\n${[...new Set(seen)].join('\n')}`);
  }
});
