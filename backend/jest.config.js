const { availableParallelism } = require('node:os');

/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  // Jest's own default is one worker fewer than the cores: a single worker on a two-core machine.
  // The suites spend much of their time waiting (fsync, sockets, child processes), so two workers
  // there run the whole backend in about half the time (docs/bench/history.md, "Node LTS in CI:
  // timings"). Larger machines keep Jest's default.
  maxWorkers: Math.max(2, availableParallelism() - 1),
  roots: ['<rootDir>/src', '<rootDir>/test'],
  testMatch: ['**/*.spec.ts'],
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  testTimeout: 30000,
  reporters: ['default', '<rootDir>/test/support/summary-reporter.js'],
};
