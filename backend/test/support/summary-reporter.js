// Prints every skipped test by name (the server-backed suites name the variable that enables
// them) and one plain closing line ("Tests: N passed, N failed, N skipped") that CI can read.
class SummaryReporter {
  onRunComplete(_contexts, results) {
    const skipped = results.testResults.flatMap((file) =>
      file.testResults
        .filter((test) => test.status === 'pending' || test.status === 'skipped')
        .map((test) => test.fullName),
    );
    for (const name of skipped) process.stdout.write(`skipped: ${name}\n`);
    const { numPassedTests, numFailedTests, numPendingTests, numRuntimeErrorTestSuites } = results;
    // A suite that could not even run (an import that throws) has no failed test of its own:
    // it counts as one failure, so the closing line never reads "0 failed" after a broken run.
    const failed = numFailedTests + numRuntimeErrorTestSuites;
    process.stdout.write(
      `\nTests: ${numPassedTests} passed, ${failed} failed, ${numPendingTests} skipped\n`,
    );
  }
}
module.exports = SummaryReporter;
