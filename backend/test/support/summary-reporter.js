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
    const { numPassedTests, numFailedTests, numPendingTests } = results;
    process.stdout.write(
      `\nTests: ${numPassedTests} passed, ${numFailedTests} failed, ${numPendingTests} skipped\n`,
    );
  }
}
module.exports = SummaryReporter;
