import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints every failed test as "Failed: <file> > <name>: <first line of its error>" and one plain
 * closing line ("Tests: N passed, N failed, N skipped"), like the backend's.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    for (const testModule of testModules) {
      for (const test of testModule.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') counts.passed += 1;
        else if (state === 'failed') {
          counts.failed += 1;
          const error = test.result().errors?.[0]?.message ?? '';
          const firstLine = error.split('\n').find((line) => line.trim() !== '') ?? '';
          process.stdout.write(
            `Failed: ${testModule.moduleId.replace(`${process.cwd()}/`, '')} > ${test.fullName}: ${firstLine.trim().slice(0, 300)}\n`,
          );
        } else counts.skipped += 1;
      }
    }
    process.stdout.write(
      `\nTests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\n`,
    );
  }
}
