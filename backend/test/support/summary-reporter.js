const { stripVTControlCharacters } = require('node:util');

// Prints every skipped test by name (the server-backed suites name the variable that enables
// them), every failed one as "Failed: <file> > <name>: <first line of its error>", and one plain
// closing line ("Tests: N passed, N failed, N skipped") that CI can read.
class SummaryReporter {
  onRunComplete(_contexts, results) {
    const skipped = results.testResults.flatMap((file) =>
      file.testResults
        .filter((test) => test.status === 'pending' || test.status === 'skipped')
        .map((test) => test.fullName),
    );
    for (const name of skipped) process.stdout.write(`skipped: ${name}\n`);
    for (const file of results.testResults) {
      const where = file.testFilePath.replace(`${process.cwd()}/`, '');
      if (file.testExecError) {
        process.stdout.write(`Failed: ${where}: ${firstLine(file.testExecError.message)}\n`);
      }
      for (const test of file.testResults.filter((t) => t.status === 'failed')) {
        process.stdout.write(
          `Failed: ${where} > ${test.fullName}: ${firstLine(test.failureMessages[0])}\n`,
        );
      }
    }
    const { numPassedTests, numFailedTests, numPendingTests, numRuntimeErrorTestSuites } = results;
    // A suite that could not even run (an import that throws) has no failed test of its own:
    // it counts as one failure, so the closing line never reads "0 failed" after a broken run.
    const failed = numFailedTests + numRuntimeErrorTestSuites;
    process.stdout.write(
      `\nTests: ${numPassedTests} passed, ${failed} failed, ${numPendingTests} skipped\n`,
    );
  }
}

/** The first line of an error's text that says something, without colour codes. */
function firstLine(text) {
  const plain = stripVTControlCharacters(String(text ?? ''));
  return (plain.split('\n').find((line) => line.trim() !== '') ?? '').trim().slice(0, 300);
}

module.exports = SummaryReporter;
