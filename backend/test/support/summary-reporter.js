// Prints one plain closing line ("Tests: N passed, N failed, N skipped") that CI can read.
class SummaryReporter {
  onRunComplete(_contexts, results) {
    const { numPassedTests, numFailedTests, numPendingTests } = results;
    process.stdout.write(
      `\nTests: ${numPassedTests} passed, ${numFailedTests} failed, ${numPendingTests} skipped\n`,
    );
  }
}
module.exports = SummaryReporter;
