import { defineConfig } from 'vitest/config';

/** Browser tests: the built app on a real server, driven in Debian's Chromium. */
export default defineConfig({
  test: {
    reporters: ['default', './summary-reporter.ts'],
    environment: 'node',
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['./e2e/support/global-setup.ts'],
    setupFiles: ['./e2e/support/csp-setup.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
