import { afterEach } from 'vitest';
import { takeCspViolations } from './csp';

// Runs before every browser test file: a test during which any guarded page (see pages.ts
// `newPage`) broke the Content-Security-Policy fails, naming what was refused.
afterEach(() => {
  const seen = takeCspViolations();
  if (seen.length > 0) {
    throw new Error(`Content-Security-Policy violations:\n${[...new Set(seen)].join('\n')}`);
  }
});
